import { ORDER_FLOW, type OrderStage } from './order-stages.js';

/**
 * When the cargo operations may change an order, and how a packing list adds up. Pure rules, tested in
 * cargo-rules.spec.ts; the stage order itself is ORDER_FLOW.
 */

const upTo = (last: OrderStage): readonly OrderStage[] => ORDER_FLOW.slice(0, ORDER_FLOW.indexOf(last) + 1);

/**
 * Receipts, packing lists and warehouse corrections: until the container is loaded (completeCabinet);
 * from then on the figures are on the documents, so the order must be moved back to change them.
 */
export const CARGO_STAGES = upTo('prepareCabinet');
/** Container and seal: once the goods are in the warehouse, until the container is loaded. */
export const SEAL_STAGES: readonly OrderStage[] = ['warehouse', 'prepareCabinet'];
/** Vessel, flight, ETD/ETA and bill of lading: until the goods have arrived (ETAs move while at sea). */
export const SAIL_STAGES = upTo('sail');

export interface PackingRow {
  length: number;
  width: number;
  height: number;
  grossWeight: number;
  quantity: number;
}

export interface CargoTotals {
  packages: number;
  /** kg, 3 decimals */
  grossWeight: number;
  /** cbm, 4 decimals */
  volume: number;
}

/**
 * The totals of a packing list: packages Σ quantity, gross Σ weight × quantity, volume Σ l × w × h ×
 * quantity / 1,000,000 (cm³ to cbm, rounded half up to 4 decimals). Counted in integers (mm-tenths and
 * grams), so no float error creeps into the figures.
 */
export function packingTotals(rows: readonly PackingRow[]): CargoTotals {
  let packages = 0;
  let grams = 0n;
  let cubicMillis = 0n; // 1/1000 cm³ = 1e-9 cbm
  for (const row of rows) {
    const qty = BigInt(row.quantity);
    packages += row.quantity;
    grams += BigInt(Math.round(row.grossWeight * 1000)) * qty;
    cubicMillis += BigInt(Math.round(row.length * 10)) * BigInt(Math.round(row.width * 10)) * BigInt(Math.round(row.height * 10)) * qty;
  }
  return { packages, grossWeight: Number(grams) / 1000, volume: Number((cubicMillis + 50_000n) / 100_000n) / 10_000 };
}
