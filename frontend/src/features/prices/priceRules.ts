import { isShipType, type ShipType } from '@/features/ports';

/**
 * The rules of the price screens that need no server: which line a route shows, the checks of the
 * break list and of amounts (as backend/src/prices/price-rules.ts makes them), and how to read the
 * import's per-row rejection.
 */

export const PRICE_KINDS = ['quotation', 'cost'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const PRICE_UNITS = ['kg', 'cbm'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const MAX_BREAKS = 50;

/** Decimal places the columns hold: minimum charge, starting quantity, unit price. */
export const PLACES = { minCharge: 2, minQuantity: 3, unitPrice: 4 } as const;

/** /price/airtransport → airtransport. */
export function priceLineOf(path: string): ShipType | null {
  const last = path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return isShipType(last) ? last : null;
}

/** A number of 0 or more with at most `places` decimals. */
export function isAmount(value: unknown, places: number): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return false;
  const [, decimals = ''] = String(value).split('.');
  // exponent notation (1e-7) is more places than any column holds
  return !String(value).includes('e') && decimals.length <= places;
}

export interface PriceBreak {
  minQuantity: number;
  unitPrice: number;
}

export type BreakListProblem = 'breaksRequired' | 'breaksFirstZero' | 'breaksIncreasing';

/**
 * What is wrong with a price's breaks as a whole: 1 to 50 of them, the first from 0, each next from a
 * higher quantity. Entries not filled in yet are left to their own fields' checks.
 */
export function breakListProblem(breaks: readonly Partial<PriceBreak>[] | undefined): BreakListProblem | null {
  if (!breaks?.length || breaks.length > MAX_BREAKS) return 'breaksRequired';
  const quantities = breaks.map((entry) => entry?.minQuantity);
  if (quantities[0] !== undefined && quantities[0] !== null && quantities[0] !== 0) return 'breaksFirstZero';
  for (let i = 1; i < quantities.length; i++) {
    const [before, current] = [quantities[i - 1], quantities[i]];
    if (typeof before === 'number' && typeof current === 'number' && !(current > before)) return 'breaksIncreasing';
  }
  return null;
}

/** The file name a download was given (RFC 5987 `filename*` first, then `filename`). */
export function downloadName(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1] ?? null;
}
