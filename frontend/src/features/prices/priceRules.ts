import type { ShipType } from '@forwarder/domain';
import { isShipType } from '@/features/ports';

/**
 * The rules of the price screens that need no server: which line a route shows and how to read the
 * import's per-row rejection. The checks of breaks and amounts are the domain's (packages/domain, prices.ts).
 */

/** /price/airtransport → airtransport. */
export function priceLineOf(path: string): ShipType | null {
  const last = path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return isShipType(last) ? last : null;
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
