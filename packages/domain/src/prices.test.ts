import { breakListProblem, isAmount } from './prices.js';

describe('amounts', () => {
  it('takes numbers of 0 or more with at most the column’s decimals, below its limit', () => {
    expect(isAmount(12.5, 2)).toBe(true);
    expect(isAmount(0, 2)).toBe(true);
    expect(isAmount(12.34, 2, 1e12)).toBe(true);
    expect(isAmount(1.234, 2)).toBe(false);
    expect(isAmount(12.345, 2, 1e12)).toBe(false);
    expect(isAmount(-1, 2)).toBe(false);
    expect(isAmount('12', 2, 1e12)).toBe(false);
    expect(isAmount(1e12, 2, 1e12)).toBe(false);
    expect(isAmount(1e-7, 4)).toBe(false);
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
    expect(breakListProblem(undefined)).toBe('breaksRequired');
    expect(breakListProblem(Array.from({ length: 51 }, (_, i) => ({ minQuantity: i, unitPrice: 1 })))).toBe('breaksRequired');
  });

  it('starts the first break at 0', () => {
    expect(breakListProblem([{ minQuantity: 5, unitPrice: 1 }])).toBe('breaksFirstZero');
  });

  it('refuses a break that does not start higher than the one before', () => {
    expect(
      breakListProblem([
        { minQuantity: 0, unitPrice: 1 },
        { minQuantity: 0, unitPrice: 2 },
      ]),
    ).toBe('breaksIncreasing');
    expect(breakListProblem([{ minQuantity: 0 }, { minQuantity: 100 }, { minQuantity: 100 }])).toBe('breaksIncreasing');
    expect(breakListProblem([{ minQuantity: 0 }, { minQuantity: 100 }, { minQuantity: 50 }])).toBe('breaksIncreasing');
  });

  it('leaves entries not filled in yet to their own fields', () => {
    expect(breakListProblem([{}, { minQuantity: 10 }])).toBeNull();
  });
});
