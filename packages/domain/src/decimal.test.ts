import { hasAtMostDecimals } from './decimal.js';

describe('hasAtMostDecimals', () => {
  it('accepts as many decimals as the column holds and no more', () => {
    expect(hasAtMostDecimals(12.345, 3)).toBe(true);
    expect(hasAtMostDecimals(12, 3)).toBe(true);
    expect(hasAtMostDecimals(12.3456, 3)).toBe(false);
    expect(hasAtMostDecimals(0.1234, 4)).toBe(true);
  });

  it('counts the decimals of numbers written with an exponent', () => {
    expect(hasAtMostDecimals(1e-7, 3)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 7)).toBe(true);
    expect(hasAtMostDecimals(1.5e-5, 6)).toBe(true);
    expect(hasAtMostDecimals(1.5e-5, 5)).toBe(false);
    expect(hasAtMostDecimals(1e21, 0)).toBe(true);
  });

  it('is false for what is not a finite number', () => {
    expect(hasAtMostDecimals('12', 2)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
    expect(hasAtMostDecimals(Infinity, 2)).toBe(false);
  });
});
