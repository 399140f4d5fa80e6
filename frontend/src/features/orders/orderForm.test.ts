import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toBody } from './orderForm';

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
