import { chargeableWeightOf, packingTotals as totalsOf, type CargoTotals, type ShipType } from '@forwarder/domain';

/**
 * The packing list editor's rows, and its totals added up by the rules the server applies (the domain's
 * packingTotals and chargeableWeightOf), so the editor shows live the figures the save will write on the order.
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

/** The totals of the rows as they are being typed: a blank figure counts as 0. */
export function packingTotals(rows: readonly Pick<PackingRow, 'length' | 'width' | 'height' | 'grossWeight' | 'quantity'>[]): CargoTotals {
  return totalsOf(
    rows.map((row) => ({
      length: row.length ?? 0,
      width: row.width ?? 0,
      height: row.height ?? 0,
      grossWeight: row.grossWeight ?? 0,
      quantity: row.quantity ?? 0,
    })),
  );
}

/** The chargeable weight of the totals; null for an empty list. */
export function chargeableWeight(shipType: ShipType, totals: CargoTotals): number | null {
  return totals.packages === 0 ? null : chargeableWeightOf(shipType, totals.grossWeight, totals.volume);
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
