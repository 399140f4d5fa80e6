import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, formatRate, isNegative, sortTotals } from './money';

describe('formatMoney', () => {
  it('shows two decimals with thousands separators and the currency after', () => {
    expect(formatMoney(1234567.5, 'USD')).toBe('1,234,567.50 USD');
    expect(formatMoney('88.1', 'CNY', 'en')).toBe('88.10 CNY');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-12.345)).toBe('-12.35');
  });

  it('shows nothing for a missing amount', () => {
    expect(formatMoney(null, 'CNY')).toBe('----');
    expect(formatMoney(undefined)).toBe('----');
  });
});

describe('formatRate and formatPercent', () => {
  it('keeps a rate to at least four and at most six decimals', () => {
    expect(formatRate(1)).toBe('1.0000');
    expect(formatRate('7.123456')).toBe('7.123456');
    expect(formatRate(0.13)).toBe('0.1300');
  });

  it('shows a margin as a percentage, nothing without revenue', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(null)).toBe('----');
  });
});

describe('totals', () => {
  it('lists the book currency first, then the others by code', () => {
    const totals = sortTotals([
      { currency: 'USD', amount: 10 },
      { currency: 'EUR', amount: 5 },
      { currency: 'CNY', amount: 70 },
    ]);
    expect(totals.map((total) => total.currency)).toEqual(['CNY', 'EUR', 'USD']);
  });

  it('marks losses and overpayments', () => {
    expect(isNegative(-0.01)).toBe(true);
    expect(isNegative('0')).toBe(false);
    expect(isNegative(null)).toBe(false);
  });
});
