import type { ShipType } from '@/features/ports';
import { VOLUMETRIC_KG_PER_CBM } from '../orderForm';

/**
 * The packing list as the server adds it up (backend/src/orders/cargo/cargo-rules.ts, packingTotals),
 * so the editor shows live the figures the save will write on the order.
 */

/** One row of the editor: `quantity` boxes of the same size (cm) and weight (kg, of one box). Blank cells are null. */
export interface PackingRow {
  key: string;
  boxNo: string | null;
  length: number | null;
  width: number | null;
  height: number | null;
  grossWeight: number | null;
  quantity: number | null;
  goodsName: string | null;
  trackingNo: string | null;
}

export interface PackingTotals {
  packages: number;
  /** kg, 3 decimals */
  grossWeight: number;
  /** cbm, 4 decimals, rounded half up */
  volume: number;
}

/**
 * packages Σ quantity; gross Σ weight × quantity; volume Σ l × w × h × quantity / 1,000,000 (cm³ → cbm).
 * Counted in integers (mm and grams) so no float error creeps in; rows with a blank figure count as 0.
 */
export function packingTotals(rows: readonly Pick<PackingRow, 'length' | 'width' | 'height' | 'grossWeight' | 'quantity'>[]): PackingTotals {
  let packages = 0;
  let grams = 0n;
  let cubicMillimetres = 0n; // 1e-9 cbm
  for (const row of rows) {
    const quantity = BigInt(row.quantity ?? 0);
    packages += row.quantity ?? 0;
    grams += BigInt(Math.round((row.grossWeight ?? 0) * 1000)) * quantity;
    const mm = (cm: number | null) => BigInt(Math.round((cm ?? 0) * 10));
    cubicMillimetres += mm(row.length) * mm(row.width) * mm(row.height) * quantity;
  }
  return { packages, grossWeight: Number(grams) / 1000, volume: Number((cubicMillimetres + 50_000n) / 100_000n) / 10_000 };
}

/** The greater of the gross and the volumetric weight, 3 decimals, as the server's chargeableWeightOf; null for an empty list. */
export function chargeableWeight(shipType: ShipType, totals: PackingTotals): number | null {
  if (totals.packages === 0) return null;
  return Math.round(Math.max(totals.grossWeight, totals.volume * VOLUMETRIC_KG_PER_CBM[shipType]) * 1000) / 1000;
}

let nextKey = 0;
export function emptyRow(): PackingRow {
  nextKey += 1;
  return { key: `new-${nextKey}`, boxNo: null, length: null, width: null, height: null, grossWeight: null, quantity: 1, goodsName: null, trackingNo: null };
}

/** Whether every figure of the row is filled in (the server needs all five). */
export function rowComplete(row: PackingRow): boolean {
  return [row.length, row.width, row.height, row.grossWeight, row.quantity].every((value) => value !== null && value > 0);
}

/** The `{line}/package` body's rows: figures as numbers, blank texts left out. */
export function toBoxes(rows: readonly PackingRow[]) {
  return rows.map((row) => ({
    boxNo: row.boxNo?.trim() || null,
    length: row.length ?? 0,
    width: row.width ?? 0,
    height: row.height ?? 0,
    grossWeight: row.grossWeight ?? 0,
    quantity: row.quantity ?? 0,
    goodsName: row.goodsName?.trim() || null,
    trackingNo: row.trackingNo?.trim() || null,
  }));
}
