import { describe, expect, it } from 'vitest';
import { chargeableWeight, emptyRow, packingTotals, rowComplete, toBoxes, type PackingRow } from './packingList';

const row = (fields: Partial<PackingRow>): PackingRow => ({ ...emptyRow(), ...fields });

describe('packing list totals', () => {
  it('adds packages, weight × quantity and l × w × h × quantity in cbm', () => {
    const rows = [
      row({ length: 60, width: 40, height: 50, grossWeight: 12.5, quantity: 10 }),
      row({ length: 30, width: 30, height: 30, grossWeight: 3.333, quantity: 3 }),
    ];
    // 0.12 cbm × 10 + 0.027 cbm × 3 = 1.281; 125 + 9.999 kg
    expect(packingTotals(rows)).toEqual({ packages: 13, grossWeight: 134.999, volume: 1.281 });
  });

  it('does not accumulate float error and rounds the volume half up to 4 decimals', () => {
    const tenths = Array.from({ length: 10 }, () => row({ length: 10, width: 10, height: 10, grossWeight: 0.1, quantity: 1 }));
    expect(packingTotals(tenths)).toEqual({ packages: 10, grossWeight: 1, volume: 0.01 });
    // 1.5 × 1.1 × 3.1 cm = 5.115 cm³ = 0.000005115 cbm → 0.0000; × 10 → 0.0001 (0.00005115 rounds up)
    expect(packingTotals([row({ length: 1.5, width: 1.1, height: 3.1, grossWeight: 1, quantity: 10 })]).volume).toBe(0.0001);
  });

  it('counts blank figures as zero while a row is being typed', () => {
    expect(packingTotals([row({ length: 50, width: null, height: 50, grossWeight: null, quantity: 2 })])).toEqual({ packages: 2, grossWeight: 0, volume: 0 });
    expect(packingTotals([])).toEqual({ packages: 0, grossWeight: 0, volume: 0 });
  });

  it('gives the chargeable weight the server will set: air 167 kg/cbm, sea 200 kg/cbm', () => {
    const totals = { packages: 2, grossWeight: 100, volume: 1 };
    expect(chargeableWeight('airtransport', totals)).toBe(167);
    expect(chargeableWeight('dedicatedline', totals)).toBe(200);
    expect(chargeableWeight('smallbag', { packages: 2, grossWeight: 500, volume: 1 })).toBe(500);
    expect(chargeableWeight('smallbag', { packages: 0, grossWeight: 0, volume: 0 })).toBeNull();
  });

  it('knows an incomplete row and sends blank texts as null', () => {
    expect(rowComplete(row({ length: 1, width: 1, height: 1, grossWeight: 1, quantity: 1 }))).toBe(true);
    expect(rowComplete(row({ length: 1, width: 1, height: null, grossWeight: 1, quantity: 1 }))).toBe(false);
    expect(toBoxes([row({ boxNo: '  ', length: 1, width: 2, height: 3, grossWeight: 4, quantity: 5, goodsName: ' 鞋 ' })])).toEqual([
      { boxNo: null, length: 1, width: 2, height: 3, grossWeight: 4, quantity: 5, goodsName: '鞋', trackingNo: null },
    ]);
  });
});
