/**
 * The price rules the server's validation and the price screens share: the kinds and units of a price,
 * how many breaks it has and in what order, and what an amount may be.
 */
import { hasAtMostDecimals } from './decimal.js';

/** cost: what the company pays its carrier; quotation: what the customer is charged. */
export const PRICE_KINDS = ['quotation', 'cost'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** kg: by chargeable weight; cbm: by volume. */
export const PRICE_UNITS = ['kg', 'cbm'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const MAX_BREAKS = 50;

/** Decimal places the columns hold: minimum charge, starting quantity, unit price. */
export const PRICE_PLACES = { minCharge: 2, minQuantity: 3, unitPrice: 4 } as const;

/** A number of 0 or more with at most `places` decimals, below `limit` (what the decimal column holds). */
export function isAmount(value: unknown, places: number, limit = Infinity): value is number {
  return hasAtMostDecimals(value, places) && value >= 0 && value < limit;
}

export interface PriceBreak {
  minQuantity: number;
  unitPrice: number;
}

export type BreakListProblem = 'breaksRequired' | 'breaksFirstZero' | 'breaksIncreasing';

/**
 * What is wrong with a price's breaks as a whole: 1 to MAX_BREAKS of them, the first from 0, each next
 * from a higher quantity. Entries not filled in yet (a form being typed) are left to their own checks.
 */
export function breakListProblem(breaks: readonly (Partial<PriceBreak> | null | undefined)[] | undefined): BreakListProblem | null {
  if (!breaks?.length || breaks.length > MAX_BREAKS) return 'breaksRequired';
  const quantities = breaks.map((entry) => entry?.minQuantity);
  if (quantities[0] !== undefined && quantities[0] !== null && quantities[0] !== 0) return 'breaksFirstZero';
  for (let i = 1; i < quantities.length; i++) {
    const [before, current] = [quantities[i - 1], quantities[i]];
    if (typeof before === 'number' && typeof current === 'number' && !(current > before)) return 'breaksIncreasing';
  }
  return null;
}
