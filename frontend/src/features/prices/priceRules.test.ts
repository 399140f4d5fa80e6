import { describe, expect, it } from 'vitest';
import { breakListProblem, downloadName, isAmount, priceLineOf } from './priceRules';

describe('price screens', () => {
  it('read the line from the route', () => {
    expect(priceLineOf('/price/smallbag')).toBe('smallbag');
    expect(priceLineOf('/price/airtransport/')).toBe('airtransport');
    expect(priceLineOf('/price/rail')).toBeNull();
  });
});

describe('the break list', () => {
  it('accepts breaks from 0 at increasing quantities', () => {
    expect(
      breakListProblem([
        { minQuantity: 0, unitPrice: 12 },
        { minQuantity: 100, unitPrice: 10 },
      ]),
    ).toBeNull();
  });

  it('needs 1 to 50 breaks', () => {
    expect(breakListProblem([])).toBe('breaksRequired');
    expect(breakListProblem(Array.from({ length: 51 }, (_, i) => ({ minQuantity: i, unitPrice: 1 })))).toBe('breaksRequired');
  });

  it('starts the first break at 0', () => {
    expect(breakListProblem([{ minQuantity: 5, unitPrice: 1 }])).toBe('breaksFirstZero');
  });

  it('refuses a break that does not start higher than the one before', () => {
    expect(breakListProblem([{ minQuantity: 0 }, { minQuantity: 100 }, { minQuantity: 100 }])).toBe('breaksIncreasing');
    expect(breakListProblem([{ minQuantity: 0 }, { minQuantity: 100 }, { minQuantity: 50 }])).toBe('breaksIncreasing');
  });

  it('leaves entries not filled in yet to their own fields', () => {
    expect(breakListProblem([{}, { minQuantity: 10 }])).toBeNull();
  });
});

describe('amounts', () => {
  it('takes numbers of 0 or more with at most the column’s decimals', () => {
    expect(isAmount(12.5, 2)).toBe(true);
    expect(isAmount(0, 2)).toBe(true);
    expect(isAmount(1.234, 2)).toBe(false);
    expect(isAmount(-1, 2)).toBe(false);
    expect(isAmount(1e-7, 4)).toBe(false);
  });
});

describe('download names', () => {
  it('prefers the exact UTF-8 name', () => {
    expect(downloadName(`attachment; filename="prices-smallbag-2026-01-01.xlsx"; filename*=UTF-8''%E4%BB%B7%E6%A0%BC.xlsx`)).toBe('价格.xlsx');
    expect(downloadName('attachment; filename="price-import-template.xlsx"')).toBe('price-import-template.xlsx');
    expect(downloadName(null)).toBeNull();
  });
});
