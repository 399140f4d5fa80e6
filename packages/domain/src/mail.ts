import type { UpgradeStage } from './order-stages.js';

/**
 * Milestone e-mails to customers (docs/notifications.md). A mail of the outbox is `queued` until the sender
 * claims it (`sending`, under a lease), then `sent`, or back to `queued` with a later attempt after a
 * failure, `failed` after the last attempt; `unsent` when the installation has no SMTP server (SMTP_URL):
 * it stays in the outbox, nothing leaves the machine, and an administrator may send it again later.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unsent'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** The statuses an administrator may send again (重新发送). */
export const MAIL_RETRYABLE: readonly MailStatus[] = ['failed', 'unsent'];

/** The milestones a customer is told of unless the system parameter mail.milestones says otherwise: 入仓, 开船/起飞, 到港, 派送完成. */
export const DEFAULT_MAIL_MILESTONES: readonly UpgradeStage[] = ['warehouse', 'sail', 'arriveCabinet', 'completeDelivery'];

export type MailLanguage = 'zh' | 'en';

/** Countries (and regions) whose customers read Chinese, as staff type them on the customer form. */
const CHINESE_READING = [
  '中国',
  '中国大陆',
  '中华人民共和国',
  'china',
  'cn',
  'prc',
  "people's republic of china",
  '香港',
  'hong kong',
  'hk',
  '澳门',
  'macau',
  'macao',
  '台湾',
  'taiwan',
  'tw',
  '新加坡',
  'singapore',
];

/**
 * The language of a customer's e-mails: Chinese unless the customer's country is filled in and is not one
 * where customers read Chinese (the customer form has no language of its own; its country is what staff
 * fill in for foreign customers, in either language: 美国 and USA are both English). A blank country is
 * Chinese, the installation's default.
 */
export function mailLanguageOf(country: string | null | undefined): MailLanguage {
  const value = (country ?? '').trim().toLowerCase();
  if (!value) return 'zh';
  return CHINESE_READING.includes(value) ? 'zh' : 'en';
}

/** The outbox statuses in words (the outbox screen and its export). */
export const MAIL_STATUS_WORDS = {
  queued: ['待发送', 'Queued'],
  sending: ['发送中', 'Sending'],
  sent: ['已发送', 'Sent'],
  failed: ['发送失败', 'Failed'],
  unsent: ['未发送（未配置 SMTP）', 'Not sent (no SMTP)'],
} as const satisfies Record<MailStatus, readonly [string, string]>;
