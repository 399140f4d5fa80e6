/**
 * The public tracking page (/t/{token}): server-rendered HTML, no JavaScript at all (nothing to download
 * on a phone but this page), mobile first, in Chinese or English. Shows one shipment and nothing else:
 * no money, no staff, no internal notes (system events are worded here from their kind, never with the
 * reasons staff typed; only the events staff wrote for the timeline show their text). Words: tracking.messages.ts.
 */
import { BUSINESS_TIME_ZONE, SHIP_LINES } from '@forwarder/domain';
import { t } from '../../common/messages.js';
import type { Lang } from '../../common/request-context.js';

export interface PublicTrackingPageView {
  orderNo: string;
  shipType: string;
  stage: string;
  sideState: string | null;
  origin: { code: string; nameZh: string; nameEn: string } | null;
  destination: { code: string; nameZh: string; nameEn: string } | null;
  etd: Date | null;
  eta: Date | null;
  arrivedAt: Date | null;
  deliveredAt: Date | null;
  /** the stage in the line's words */
  stageWords: (stage: string, lang: Lang) => string;
  events: { kind: string; stage: string; content: string; location: string | null; occurredAt: Date }[];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const day = new Intl.DateTimeFormat('sv-SE', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 -apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f1f1f;background:#f5f7fa}
main{max-width:560px;margin:0 auto;padding:16px}header{display:flex;justify-content:space-between;align-items:center;margin-bottom:12px}
h1{font-size:20px;margin:0}a.lang{color:#1677ff;text-decoration:none;font-size:14px}
section{background:#fff;border-radius:8px;padding:14px 16px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0}dt{color:#8c8c8c}dd{margin:0;word-break:break-all}
.status{font-size:18px;font-weight:600;color:#1677ff}.voided{color:#cf1322}.hold{color:#d46b08}
h2{font-size:16px;margin:0 0 8px}ol{list-style:none;margin:0;padding:0}
li{position:relative;padding:0 0 14px 18px;border-left:2px solid #e8e8e8;margin-left:5px}
li:last-child{border-left-color:transparent}li::before{content:"";position:absolute;left:-6px;top:5px;width:10px;height:10px;border-radius:50%;background:#bfbfbf}
li:first-child::before{background:#1677ff}time{display:block;color:#8c8c8c;font-size:13px}.zone{margin:-4px 0 8px;color:#8c8c8c;font-size:13px}.where{color:#595959;font-size:13px}
`;

function page(lang: Lang, title: string, switchTo: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main><header><h1>${escape(title)}</h1><a class="lang" href="${escape(switchTo)}">${t('trackingOtherLanguage', {}, lang)}</a></header>
${body}
</main></body></html>`;
}

function portText(port: PublicTrackingPageView['origin'], lang: Lang): string {
  if (!port) return '—';
  const name = lang === 'en' ? port.nameEn : port.nameZh;
  return name && name !== port.code ? `${name} (${port.code})` : port.code;
}

/** A timeline event as the public sees it: system events worded from their kind (never the reasons staff gave). */
export function eventText(
  event: PublicTrackingPageView['events'][number],
  view: Pick<PublicTrackingPageView, 'stageWords'>,
  lang: Lang,
): { text: string; where: string | null } {
  const stage = view.stageWords(event.stage, lang);
  switch (event.kind) {
    case 'created':
      return { text: t('orderTrackCreated', {}, lang), where: null };
    case 'upgrade':
      return { text: t('orderTrackUpgrade', { stage }, lang), where: null };
    case 'demotion':
      return { text: t('trackingDemotion', { stage }, lang), where: null };
    case 'abnormal':
    case 'detain':
      return { text: t('trackingOnHold', {}, lang), where: null };
    case 'delete':
      return { text: t('trackingVoidedEvent', {}, lang), where: null };
    case 'revoke':
      return { text: t('trackingResumed', {}, lang), where: null };
    default:
      // written by staff for the timeline
      return { text: event.content, where: event.location };
  }
}

/** The page of one shipment; `switchTo` is the same page in the other language. */
export function publicTrackingPage(view: PublicTrackingPageView, lang: Lang, switchTo: string): string {
  const line = SHIP_LINES.find((l) => l.value === view.shipType);
  const status =
    view.sideState === 'delete'
      ? `<div class="status voided">${t('trackingVoided', {}, lang)}</div>`
      : `<div class="status${view.sideState ? ' hold' : ''}">${escape(view.stageWords(view.stage, lang))}${view.sideState ? ` · ${t('trackingOnHold', {}, lang)}` : ''}</div>`;
  const dates = (
    [
      ['trackingEtd', view.etd],
      ['trackingEta', view.eta],
      ['trackingArrived', view.arrivedAt],
      ['trackingDelivered', view.deliveredAt],
    ] as const
  )
    .filter(([, at]) => at)
    .map(([key, at]) => `<dt>${t(key, {}, lang)}</dt><dd>${day.format(at!)}</dd>`)
    .join('');
  const events = view.events.length
    ? `<ol>${view.events
        .map((event) => {
          const { text, where } = eventText(event, view, lang);
          return `<li><time datetime="${event.occurredAt.toISOString()}">${dateTime.format(event.occurredAt)}</time>${escape(text)}${where ? `<div class="where">${escape(where)}</div>` : ''}</li>`;
        })
        .join('')}</ol>`
    : `<p>${t('trackingNoEvents', {}, lang)}</p>`;
  return page(
    lang,
    t('trackingTitle', {}, lang),
    switchTo,
    `<section><dl><dt>${t('trackingStatus', {}, lang)}</dt><dd>${status}</dd></dl></section>
<section><dl>
<dt>${t('trackingOrder', {}, lang)}</dt><dd>${escape(view.orderNo)}</dd>
<dt>${t('trackingLine', {}, lang)}</dt><dd>${escape(line ? (lang === 'en' ? line.textEn : line.text) : view.shipType)}</dd>
<dt>${t('trackingRoute', {}, lang)}</dt><dd>${escape(portText(view.origin, lang))} → ${escape(portText(view.destination, lang))}</dd>
${dates}
</dl></section>
<section><h2>${t('trackingTimeline', {}, lang)}</h2><p class="zone">${t('trackingTimeZone', {}, lang)}</p>${events}</section>`,
  );
}

/** The one answer to a malformed, unknown or revoked token (no oracle). */
export function notFoundPage(lang: Lang, switchTo: string): string {
  return page(lang, t('trackingNotFound', {}, lang), switchTo, `<section><p>${t('trackingNotFoundHint', {}, lang)}</p></section>`);
}

export function tooManyPage(lang: Lang, switchTo: string): string {
  return page(lang, t('trackingTooMany', {}, lang), switchTo, `<section><p>${t('trackingTooManyHint', {}, lang)}</p></section>`);
}
