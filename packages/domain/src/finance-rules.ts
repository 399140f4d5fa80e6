import { decimalMax } from './decimal.js';
/**
 * The finance rules as data and pure functions (docs/finance.md): the record states and moves, book
 * amounts, charge tax and the rule of charge changes, ageing buckets and the commission rule choice.
 * No Nest, no Prisma: the web client imports it (`@server/finance/finance-rules`).
 */

export const RECORD_KINDS = ['outgoing', 'entry'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
/** The code of the screen that registers a kind of record (费用报销 `finance:outgoing`, 缴款登记 `finance:entry`). */
export const recordPermission = <K extends RecordKind>(kind: K) => `finance:${kind}` as const;

export const CHARGE_KINDS = ['receivable', 'payable'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** What `finance/add/{type}` creates: a record (outgoing, entry) or an order's charge line (receivable, payable). */
export const ADD_TYPES = [...RECORD_KINDS, ...CHARGE_KINDS] as const;
export type AddType = (typeof ADD_TYPES)[number];

export const RECORD_STATUSES = ['registered', 'pending', 'locked', 'refused', 'unlocked'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The moves of a record, each from the states it is allowed in to the state it leads to. */
export const RECORD_MOVES = {
  update: { from: ['registered'], to: 'registered' },
  submit: { from: ['registered'], to: 'pending' },
  pass: { from: ['pending'], to: 'locked' },
  refuse: { from: ['pending'], to: 'refused' },
  amendRefused: { from: ['refused'], to: 'pending' },
  unlock: { from: ['locked'], to: 'unlocked' },
  amendUnlocked: { from: ['unlocked'], to: 'pending' },
  lock: { from: ['unlocked'], to: 'locked' },
  delete: { from: ['registered', 'pending', 'refused'], to: null },
} as const satisfies Record<string, { from: readonly RecordStatus[]; to: RecordStatus | null }>;
export type RecordMove = keyof typeof RECORD_MOVES;

export function canMove(move: RecordMove, status: string): boolean {
  return (RECORD_MOVES[move].from as readonly string[]).includes(status);
}

/**
 * The auditor's steps on a record: audit it (pass or refuse), unlock it, lock it again, amend what was
 * verified. Segregation of duties keeps them from whoever registered the record, unless the system
 * parameter `finance.allowSelfApproval` (a one-person office) relaxes it.
 */
export const AUDITOR_MOVES = ['pass', 'refuse', 'unlock', 'lock', 'amendUnlocked'] as const satisfies readonly RecordMove[];

/** Whether segregation of duties keeps `userId` from `move` on a record registered by `registeredBy`. */
export function selfAuditBarred(move: RecordMove, registeredBy: number, userId: number, allowSelfApproval: boolean): boolean {
  return !allowSelfApproval && registeredBy === userId && (AUDITOR_MOVES as readonly RecordMove[]).includes(move);
}

/** The screens of each kind and the states they show (`detailed`: all). */
export const RECORD_VIEWS = {
  register: ['registered'],
  audit: ['pending'],
  refuse: ['refused'],
  locked: ['locked'],
  unlocked: ['unlocked'],
  detailed: null,
} as const satisfies Record<string, readonly RecordStatus[] | null>;
export type RecordView = keyof typeof RECORD_VIEWS;

/** The dictionary each record kind's `type` comes from; charges use expenseType. */
export const TYPE_DICT: Record<RecordKind | 'charge', string> = { outgoing: 'expenseType', entry: 'entryType', charge: 'expenseType' };
export const METHOD_DICT = 'paymentMethod';

export const BOOK_CURRENCY = 'CNY';

/** The amount and book amount columns are numeric(14, 2); the rate (numeric(12, 6)) is kept below a million. */
export const MAX_AMOUNT = decimalMax(14, 2);
export const MAX_RATE = 999_999;

/** amount × rate rounded half away from zero to cents, computed in integers so 0.1 + 0.2 problems cannot creep in. */
export function bookAmountOf(amount: number, rate: number): number {
  const cents = Math.round(amount * 100);
  const micro = Math.round(rate * 1_000_000);
  const product = BigInt(cents) * BigInt(micro); // cents × 10^6
  const rounded = (product + 500_000n) / 1_000_000n;
  return Number(rounded) / 100;
}

/** The rate stored for a currency: CNY is always 1; others need one. */
export function rateFor(currency: string, rate: number | null | undefined): number | null {
  if (currency === BOOK_CURRENCY) return 1;
  return rate ?? null;
}

/** A charge's tax rate is a percentage, numeric(5, 2), 0 to 100. */
export const MAX_TAX_RATE = 100;

/**
 * A charge line's money: its tax (amount × tax rate %, to cents), its total (amount + tax) and that
 * total in book currency at `rate`.
 */
export function chargeAmounts(amount: number, taxRatePercent: number, rate: number): { tax: number; total: number; bookAmount: number } {
  const tax = bookAmountOf(amount, taxRatePercent / 100);
  const total = (Math.round(amount * 100) + Math.round(tax * 100)) / 100;
  return { tax, total, bookAmount: bookAmountOf(total, rate) };
}

/** An order as the rule of charge changes sees it. */
export interface ChargeOrderState {
  stage: string;
  sideState: string | null;
  /** the numbers of the order's records pending audit (submitted hand-ins and expense claims) */
  pendingRecords: readonly string[];
}

/** Why an order's charges may not change (the client shows it; the server answers it). */
export type ChargeRefusal =
  | { reason: 'voided' }
  | { reason: 'brokerage' }
  | { reason: 'underAudit'; records: readonly string[] }
  | { reason: 'belowReceived'; received: number; revenue: number };

/**
 * The rule of charge changes (add, edit, bill from the quotation, void, import; docs/finance.md,
 * Charges): a voided order, or one whose commission is settled (brokerage), takes none; while one of its
 * records is pending audit only auditors (`canAudit`: finance:audit) change its charges, so what the
 * auditor checks does not move under them; and no change may bring the billed revenue below the money
 * already received through locked hand-ins (raising it, or a change that leaves it where it was, always
 * passes). `revenue` (book currency) is left out to ask only whether the order takes changes at all.
 */
export function chargeChangeRefusal(
  order: ChargeOrderState,
  canAudit: boolean,
  revenue?: { before: number; after: number; received: number },
): ChargeRefusal | null {
  if (order.sideState === 'delete') return { reason: 'voided' };
  if (order.stage === 'brokerage') return { reason: 'brokerage' };
  if (order.pendingRecords.length && !canAudit) return { reason: 'underAudit', records: order.pendingRecords };
  if (revenue && revenue.after < revenue.before && revenue.after < revenue.received)
    return { reason: 'belowReceived', received: revenue.received, revenue: revenue.after };
  return null;
}

export const AGE_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** The ageing bucket of an outstanding amount billed `ageDays` days ago. */
export function bucketOf(ageDays: number): AgeBucket {
  if (ageDays <= 30) return 'd0_30';
  if (ageDays <= 60) return 'd31_60';
  if (ageDays <= 90) return 'd61_90';
  return 'd90plus';
}

/** The age range in days of each bucket, inclusive (max null: no end). */
export const BUCKET_DAYS: Record<AgeBucket, [number, number | null]> = { d0_30: [0, 30], d31_60: [31, 60], d61_90: [61, 90], d90plus: [91, null] };

export interface RuleLike {
  id: number;
  shipType: string | null;
  salesmanId: number | null;
  customerLevel: string | null;
  enabled: boolean;
}

/** The enabled rule whose set fields all match, the most specific first (salesman 4, customer level 2, line 1), ties by lowest id. */
export function ruleFor<R extends RuleLike>(rules: readonly R[], order: { shipType: string; salesmanId: number; customerLevel: string | null }): R | null {
  let best: R | null = null;
  let bestScore = -1;
  for (const rule of rules) {
    if (!rule.enabled) continue;
    if (rule.shipType !== null && rule.shipType !== order.shipType) continue;
    if (rule.salesmanId !== null && rule.salesmanId !== order.salesmanId) continue;
    if (rule.customerLevel !== null && rule.customerLevel !== order.customerLevel) continue;
    const score = (rule.salesmanId !== null ? 4 : 0) + (rule.customerLevel !== null ? 2 : 0) + (rule.shipType !== null ? 1 : 0);
    if (score > bestScore || (score === bestScore && best !== null && rule.id < best.id)) {
      best = rule;
      bestScore = score;
    }
  }
  return best;
}

/** The commission of a base (revenue or profit, CNY) at a rate in percent: never negative, to cents. */
export function commissionOf(base: number, ratePercent: number): number {
  if (base <= 0) return 0;
  return bookAmountOf(base, ratePercent / 100);
}

/** Profit over revenue, 4 decimals; null without revenue. */
export function marginOf(revenue: number, profit: number): number | null {
  return revenue ? Math.round((profit / revenue) * 10_000) / 10_000 : null;
}
