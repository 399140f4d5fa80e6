/**
 * The public tracking page (/t/{token}): server-rendered HTML, no JavaScript at all (nothing to download
 * on a phone but this page), mobile first, in Chinese or English. Shows one shipment and nothing else:
 * no money, no staff, no internal notes (system events are worded here from their kind, never with the
 * reasons staff typed; only the events staff wrote for the timeline show their text).
 */
import { BUSINESS_TIME_ZONE, SHIP_LINES } from '@forwarder/domain';
import type { Lang } from '../../common/request-context.js';

export interface TrackingPageView {
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
  createdAt: Date;
  /** the stage in the line's words */
  stageWords: (stage: string, lang: Lang) => string;
  events: { kind: string; stage: string; content: string; location: string | null; occurredAt: Date }[];
}

type Words = readonly [zh: string, en: string];

const WORDS = {
  title: ['货物跟踪', 'Shipment tracking'],
  order: ['订单号', 'Order'],
  line: ['运输线路', 'Shipping line'],
  route: ['起运港 → 目的港', 'From → To'],
  status: ['当前状态', 'Status'],
  onHold: ['暂停处理', 'On hold'],
  voided: ['此订单已作废', 'This order has been voided'],
  etd: ['预计开船', 'Estimated departure'],
  eta: ['预计到港', 'Estimated arrival'],
  arrived: ['到港', 'Arrived'],
  delivered: ['已派送', 'Delivered'],
  timeline: ['跟踪记录', 'Timeline'],
  noEvents: ['暂无记录', 'No events yet'],
  created: ['订单已创建', 'Order created'],
  upgrade: ['进入“{stage}”', 'Moved to "{stage}"'],
  demotion: ['退回到“{stage}”', 'Moved back to "{stage}"'],
  hold: ['暂停处理', 'On hold'],
  delete: ['订单已作废', 'Order voided'],
  revoke: ['恢复处理', 'Resumed'],
  notFound: ['未找到该跟踪链接', 'Tracking link not found'],
  notFoundHint: ['链接可能有误，或已被撤销。请联系发货人获取新的链接。', 'The link may be mistyped or revoked. Ask the shipper for a new one.'],
  tooMany: ['访问过于频繁', 'Too many requests'],
  tooManyHint: ['请稍后再试。', 'Please try again in a minute.'],
  other: ['English', '中文'],
} as const satisfies Record<string, Words>;

const say = (words: Words, lang: Lang, values: Record<string, string> = {}) =>
  (lang === 'en' ? words[1] : words[0]).replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

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
li:first-child::before{background:#1677ff}time{display:block;color:#8c8c8c;font-size:13px}.where{color:#595959;font-size:13px}
`;

function page(lang: Lang, title: string, switchTo: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main><header><h1>${escape(title)}</h1><a class="lang" href="${escape(switchTo)}">${say(WORDS.other, lang)}</a></header>
${body}
</main></body></html>`;
}

function portText(port: TrackingPageView['origin'], lang: Lang): string {
  if (!port) return '—';
  const name = lang === 'en' ? port.nameEn : port.nameZh;
  return name && name !== port.code ? `${name} (${port.code})` : port.code;
}

function eventText(event: TrackingPageView['events'][number], view: TrackingPageView, lang: Lang): { text: string; where: string | null } {
  const stage = view.stageWords(event.stage, lang);
  switch (event.kind) {
    case 'created':
      return { text: say(WORDS.created, lang), where: null };
    case 'upgrade':
      return { text: say(WORDS.upgrade, lang, { stage }), where: null };
    case 'demotion':
      return { text: say(WORDS.demotion, lang, { stage }), where: null };
    case 'abnormal':
    case 'detain':
      return { text: say(WORDS.hold, lang), where: null };
    case 'delete':
      return { text: say(WORDS.delete, lang), where: null };
    case 'revoke':
      return { text: say(WORDS.revoke, lang), where: null };
    default:
      // written by staff for the timeline
      return { text: event.content, where: event.location };
  }
}

/** The page of one shipment; `switchTo` is the same page in the other language. */
export function trackingPage(view: TrackingPageView, lang: Lang, switchTo: string): string {
  const line = SHIP_LINES.find((l) => l.value === view.shipType);
  const status =
    view.sideState === 'delete'
      ? `<div class="status voided">${say(WORDS.voided, lang)}</div>`
      : `<div class="status${view.sideState ? ' hold' : ''}">${escape(view.stageWords(view.stage, lang))}${view.sideState ? ` · ${say(WORDS.onHold, lang)}` : ''}</div>`;
  const dates = (
    [
      [WORDS.etd, view.etd],
      [WORDS.eta, view.eta],
      [WORDS.arrived, view.arrivedAt],
      [WORDS.delivered, view.deliveredAt],
    ] as const
  )
    .filter(([, at]) => at)
    .map(([words, at]) => `<dt>${say(words, lang)}</dt><dd>${day.format(at!)}</dd>`)
    .join('');
  const events = view.events.length
    ? `<ol>${view.events
        .map((event) => {
          const { text, where } = eventText(event, view, lang);
          return `<li><time datetime="${event.occurredAt.toISOString()}">${dateTime.format(event.occurredAt)}</time>${escape(text)}${where ? `<div class="where">${escape(where)}</div>` : ''}</li>`;
        })
        .join('')}</ol>`
    : `<p>${say(WORDS.noEvents, lang)}</p>`;
  return page(
    lang,
    say(WORDS.title, lang),
    switchTo,
    `<section><dl><dt>${say(WORDS.status, lang)}</dt><dd>${status}</dd></dl></section>
<section><dl>
<dt>${say(WORDS.order, lang)}</dt><dd>${escape(view.orderNo)}</dd>
<dt>${say(WORDS.line, lang)}</dt><dd>${escape(line ? (lang === 'en' ? line.textEn : line.text) : view.shipType)}</dd>
<dt>${say(WORDS.route, lang)}</dt><dd>${escape(portText(view.origin, lang))} → ${escape(portText(view.destination, lang))}</dd>
${dates}
</dl></section>
<section><h2>${say(WORDS.timeline, lang)}</h2>${events}</section>`,
  );
}

/** The one answer to a malformed, unknown or revoked token (no oracle). */
export function notFoundPage(lang: Lang, switchTo: string): string {
  return page(lang, say(WORDS.notFound, lang), switchTo, `<section><p>${say(WORDS.notFoundHint, lang)}</p></section>`);
}

export function tooManyPage(lang: Lang, switchTo: string): string {
  return page(lang, say(WORDS.tooMany, lang), switchTo, `<section><p>${say(WORDS.tooManyHint, lang)}</p></section>`);
}
