import type { BreakListProblem, PriceKind } from '@forwarder/domain';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import type { MessageKey } from '../common/messages.js';
import { Prisma } from '../generated/prisma/client.js';

/** Cost rows are for holders of price:cost only, in every call (read or write); quotations for every price user. */
export function kindsVisibleTo(user: Pick<Principal, 'isSuperAdmin' | 'permissionCodes'>): PriceKind[] {
  return holdsAny(user, ['price:cost']) ? ['quotation', 'cost'] : ['quotation'];
}

export function kindMessage(kind: string): MessageKey {
  return kind === 'cost' ? 'priceKindCost' : 'priceKindQuotation';
}

// ---------------------------------------------------------------- calendar days

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day 'YYYY-MM-DD' as the Date PostgreSQL `date` columns use (UTC midnight); null when not a real day. */
export function parseDay(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const match = DAY.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatDay(date) === text ? date : null;
}

export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Two validity periods, both ends included, share at least one day. */
export function periodsOverlap(a: { validFrom: Date; validTo: Date }, b: { validFrom: Date; validTo: Date }): boolean {
  return a.validFrom <= b.validTo && b.validFrom <= a.validTo;
}

// ---------------------------------------------------------------- amounts and breaks

/** The message of each fault of a break list (the rule is the domain's breakListProblem; `{max}` is MAX_BREAKS). */
export const BREAK_MESSAGES = {
  breaksRequired: 'priceBreaksRequired',
  breaksFirstZero: 'priceBreaksFirstZero',
  breaksIncreasing: 'priceBreaksIncreasing',
} as const satisfies Record<BreakListProblem, MessageKey>;

export interface Charge {
  /** the break that applies: the highest starting quantity not above the quantity */
  minQuantity: Prisma.Decimal;
  unitPrice: Prisma.Decimal;
  /** quantity × unit price, or the minimum charge when that is more; rounded to cents (half up) */
  amount: Prisma.Decimal;
  minChargeApplied: boolean;
}

/** Prices `quantity` with breaks sorted by starting quantity (the first starts at 0). */
export function charge(
  quantity: Prisma.Decimal,
  minCharge: Prisma.Decimal,
  breaks: readonly { minQuantity: Prisma.Decimal; unitPrice: Prisma.Decimal }[],
): Charge {
  let applied = breaks[0];
  for (const candidate of breaks) if (candidate.minQuantity.lte(quantity)) applied = candidate;
  const byBreak = quantity.times(applied.unitPrice);
  const minChargeApplied = minCharge.gt(byBreak);
  const amount = (minChargeApplied ? minCharge : byBreak).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
  return { minQuantity: applied.minQuantity, unitPrice: applied.unitPrice, amount, minChargeApplied };
}
