import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { decimalsWithin, toBody } from './orderForm';

describe('decimalsWithin', () => {
  it('accepts as many decimals as the server does and no more', () => {
    expect(decimalsWithin(12.345, 3)).toBe(true);
    expect(decimalsWithin(12, 3)).toBe(true);
    expect(decimalsWithin(12.3456, 3)).toBe(false);
    expect(decimalsWithin(0.1234, 4)).toBe(true);
    expect(decimalsWithin(1e-7, 3)).toBe(false);
  });
});

describe('toBody', () => {
  it('sends picked times as ISO 8601 and empty inputs as null', () => {
    const etd = dayjs('2026-11-22T08:30:00Z');
    expect(toBody({ vesselVoyage: 'EVER GIVEN 021E', etd, eta: undefined, billOfLadingNo: '' })).toEqual({
      vesselVoyage: 'EVER GIVEN 021E',
      etd: '2026-11-22T08:30:00.000Z',
      eta: null,
      billOfLadingNo: null,
    });
  });
});
