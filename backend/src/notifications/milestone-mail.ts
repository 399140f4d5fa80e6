import { mailLanguageOf, SHIP_LINES, shanghaiMinute, type MailLanguage, type UpgradeStage } from '@forwarder/domain';
import type { DictService } from '../admin/dict/dict.service.js';
import { t } from '../common/messages.js';
import type { Order } from '../generated/prisma/client.js';
import { StageWording } from '../orders/order/stage-names.js';
import type { Tx } from '../prisma/prisma.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import './notifications.messages.js';

/**
 * Where the tracking link goes in a stored body. The link is not stored (a tracking token is kept only
 * hashed, so a database dump holds no link to a shipment): the sender mints it when it sends the mail.
 */
export const TRACKING_LINK_MARK = '{{trackingLink}}';

export interface MilestoneMailInput {
  lang: MailLanguage;
  site: string;
  name: string;
  orderNo: string;
  line: string;
  stage: string;
  at: Date;
}

/** The subject and the text of a milestone e-mail, in the customer's language, the link still a mark. */
export function milestoneMail(input: MilestoneMailInput): { subject: string; body: string } {
  const { lang } = input;
  const lineWords = SHIP_LINES.find((line) => line.value === input.line);
  const line = lineWords ? (lang === 'en' ? lineWords.textEn : lineWords.text) : input.line;
  return {
    subject: t('mailSubject', { site: input.site, orderNo: input.orderNo, stage: input.stage }, lang),
    body: [
      t('mailGreeting', { name: input.name }, lang),
      '',
      t('mailIntro', {}, lang),
      t('mailOrderNo', { orderNo: input.orderNo }, lang),
      t('mailLine', { line }, lang),
      t('mailStage', { stage: input.stage }, lang),
      t('mailTime', { time: shanghaiMinute(input.at) }, lang),
      TRACKING_LINK_MARK,
      '',
      t('mailFooter', {}, lang),
      input.site,
    ].join('\n'),
  };
}

/** The body as sent: the mark becomes the link (or, without one, where to ask). */
export function withTrackingLink(body: string, link: string | null, lang: MailLanguage): string {
  return body.replace(TRACKING_LINK_MARK, link ? t('mailTracking', { link }, lang) : t('mailNoTracking', {}, lang));
}

/** The body as the outbox screen shows it: the link is made only when the mail is sent. */
export function bodyForView(body: string, lang: MailLanguage): string {
  return body.replace(TRACKING_LINK_MARK, t('mailTracking', { link: t('mailLinkWhenSent', {}, lang) }, lang));
}

/**
 * Queues the milestone e-mails of a stage move, in the move's transaction (a move rolled back queues
 * nothing, a committed one loses nothing to a restart): when the e-mails are on and the stage is one of
 * mail.milestones, one mail per order to its customer if the customer accepts e-mails and has an address.
 * The unique (order, stage) key makes a repeated move (after a demotion) or a racing one queue it once.
 */
export async function queueMilestoneMails(
  tx: Tx,
  settings: SettingsService,
  dict: Pick<DictService, 'itemsByClassify'>,
  orders: readonly Order[],
  stage: UpgradeStage,
  at: Date,
): Promise<number> {
  if (!orders.length || !(await settings.get('mail.enabled'))) return 0;
  if (!(await settings.get('mail.milestones')).includes(stage)) return 0;
  const customers = await tx.customer.findMany({
    where: { id: { in: [...new Set(orders.map((order) => order.customerId))] }, acceptEmail: true, email: { not: null } },
    select: { id: true, email: true, contactName: true, companyName: true, country: true },
  });
  const byId = new Map(customers.filter((customer) => customer.email?.trim()).map((customer) => [customer.id, customer]));
  if (!byId.size) return 0;
  const [words, sender, siteZh, siteEn] = await Promise.all([
    StageWording.load(dict),
    settings.get('mail.from'),
    settings.get('site.title'),
    settings.get('site.titleEn'),
  ]);
  const data = orders.flatMap((order) => {
    const customer = byId.get(order.customerId);
    if (!customer) return [];
    const lang = mailLanguageOf(customer.country);
    const mail = milestoneMail({
      lang,
      site: lang === 'en' ? siteEn : siteZh,
      name: customer.contactName || customer.companyName,
      orderNo: order.orderNo,
      line: order.shipType,
      stage: words.stage(order.shipType, stage, lang),
      at,
    });
    return [{ orderId: order.id, stage, customerId: customer.id, recipient: customer.email!.trim(), language: lang, sender, ...mail }];
  });
  const { count } = await tx.mailOutbox.createMany({ data, skipDuplicates: true });
  return count;
}
