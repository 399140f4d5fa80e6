import { Prisma } from '../generated/prisma/client.js';
import { charge, parseDay, periodsOverlap } from './price-rules.js';

const D = (n: number | string) => new Prisma.Decimal(n);
const breaks = [
  { minQuantity: D(0), unitPrice: D(12) },
  { minQuantity: D(100), unitPrice: D(10) },
  { minQuantity: D(500), unitPrice: D('8.5') },
];

describe('price rules', () => {
  it('reads calendar days and refuses impossible ones', () => {
    expect(parseDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
    expect(parseDay(20260101)).toBeNull();
  });

  it('counts shared end days as an overlap', () => {
    const p = (from: string, to: string) => ({ validFrom: parseDay(from)!, validTo: parseDay(to)! });
    expect(periodsOverlap(p('2026-01-01', '2026-06-30'), p('2026-06-30', '2026-12-31'))).toBe(true);
    expect(periodsOverlap(p('2026-01-01', '2026-06-30'), p('2026-07-01', '2026-12-31'))).toBe(false);
  });

  it('charges the highest break reached, never less than the minimum charge, rounded to cents', () => {
    const priced = (quantity: number | string, minCharge: number) => {
      const c = charge(D(quantity), D(minCharge), breaks);
      return { from: c.minQuantity.toString(), unitPrice: c.unitPrice.toString(), amount: c.amount.toFixed(2), minChargeApplied: c.minChargeApplied };
    };
    expect(priced(20, 300)).toEqual({ from: '0', unitPrice: '12', amount: '300.00', minChargeApplied: true });
    expect(priced(99.5, 300)).toEqual({ from: '0', unitPrice: '12', amount: '1194.00', minChargeApplied: false });
    expect(priced(100, 300)).toEqual({ from: '100', unitPrice: '10', amount: '1000.00', minChargeApplied: false });
    expect(priced('600.123', 0)).toEqual({ from: '500', unitPrice: '8.5', amount: '5101.05', minChargeApplied: false });
  });
});
