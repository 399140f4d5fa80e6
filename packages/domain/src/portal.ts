/**
 * The customer portal (/m, docs/portal.md): a customer's own session kind, its sign-in names and
 * passwords, what its accounts may do, and the pre-alert's limits. The portal's forms and the server's
 * DTOs check the same rules.
 */
import { ORDER_FLOW } from './order-stages.js';
import type { PermissionCode } from './permissions.js';

/** Where the portal client keeps its token (localStorage), apart from the staff client's. */
export const PORTAL_TOKEN_STORAGE_KEY = 'portal.token';

/** A portal password's length bounds (stricter than the staff's: a customer picks it alone, on a phone). */
export const PORTAL_PASSWORD_MIN_LENGTH = 8;
export const PORTAL_PASSWORD_MAX_LENGTH = 64;

/** A portal account's sign-in name: a mobile number (digits, an optional leading +) or an e-mail address. */
export const PORTAL_MOBILE_PATTERN = /^\+?[0-9]{6,20}$/;
export const PORTAL_EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
export const PORTAL_ACCOUNT_MAX_LENGTH = 100;

/** The sign-in name as stored and compared: trimmed, e-mails lower-cased, spaces and dashes out of a number. */
export function portalAccountKey(account: string): string {
  const trimmed = account.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[\s-]/g, '');
}

/** Whether a sign-in name (as portalAccountKey gives it) is a mobile number or an e-mail address. */
export function isPortalAccount(key: string): boolean {
  return key.length <= PORTAL_ACCOUNT_MAX_LENGTH && (PORTAL_MOBILE_PATTERN.test(key) || PORTAL_EMAIL_PATTERN.test(key));
}

/**
 * What a portal account may do, by the seeds' mini-program permission codes: every account holds them
 * all when bound; an administrator may take one away (docs/portal.md).
 */
export const PORTAL_PERMISSIONS = ['wechat:orderAdd', 'wechat:orderList', 'wechat:track'] as const satisfies readonly PermissionCode[];
export type PortalPermission = (typeof PORTAL_PERMISSIONS)[number];

/** The open id of the bound mini-program row that stands for a portal account in the staff's screens. */
export const portalOpenId = (accountKey: string) => `portal:${accountKey}`;

/** The pre-alert's text limits (the order columns they fill). */
export const PREALERT_LIMITS = { consignee: 200, goods: 200, remark: 1000, packagesMax: 100_000 } as const;

/** The stages a customer sees and filters by: every stage but finance's commission settlement (internal). */
export const CUSTOMER_STAGES = ORDER_FLOW.filter((stage) => stage !== 'brokerage');

/** The stage a customer sees: finance's commission settlement is internal; such an order reads as delivered. */
export const customerStage = (stage: string): string => (stage === 'brokerage' ? 'completeDelivery' : stage);

/** The stored stages of the orders a customer finds under a stage they see (delivered: also commission settled). */
export const storedStagesOf = (stage: string): string[] => ORDER_FLOW.filter((stored) => customerStage(stored) === stage);
