import type { Language } from '@/shared/i18n';

/** The server sends amounts as JSON numbers or decimal strings (exact decimals); both read the same. */
export type Amount = number | string;

/** A sum per currency over everything a filter selects (the server's totals, never one page's rows). */
export interface CurrencyTotal {
  currency: string;
  amount: Amount;
  count?: number;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: Language, fractionDigits: number): Intl.NumberFormat {
  const key = `${language}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'zh-CN', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An amount with thousands separators and two decimals, the currency code after it when given. */
export function formatMoney(amount: Amount | null | undefined, currency?: string | null, language: Language = 'zh'): string {
  if (amount === null || amount === undefined || amount === '') return '----';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const text = formatterFor(language, 2).format(value);
  return currency ? `${text} ${currency}` : text;
}

/** A unit price (numeric(14, 4)): as amounts are shown, with two decimals at least and its own up to four. */
export function formatUnitPrice(price: Amount | null | undefined, language: Language = 'zh'): string {
  if (price === null || price === undefined || price === '') return '----';
  const value = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(value)) return String(price);
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value);
}

/** An exchange rate as entered (up to six decimals, no padding beyond four). */
export function formatRate(rate: Amount | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '----';
  const value = typeof rate === 'number' ? rate : Number(rate);
  if (!Number.isFinite(value)) return String(rate);
  return value.toFixed(6).replace(/(\.\d{4}\d*?)0+$/, '$1');
}

/** A ratio (0.1234) as a percentage with two decimals; nothing when there is no revenue to divide by. */
export function formatPercent(ratio: Amount | null | undefined): string {
  if (ratio === null || ratio === undefined || ratio === '') return '----';
  const value = typeof ratio === 'number' ? ratio : Number(ratio);
  return Number.isFinite(value) ? `${(value * 100).toFixed(2)}%` : '----';
}

/** Negative amounts (a loss, an overpayment) are shown in the error colour. */
export function isNegative(amount: Amount | null | undefined): boolean {
  if (amount === null || amount === undefined || amount === '') return false;
  return Number(amount) < 0;
}

/** Totals in a stable order: the book currency first, then by code. */
export function sortTotals(totals: readonly CurrencyTotal[], bookCurrency = 'CNY'): CurrencyTotal[] {
  return [...totals].sort((a, b) => (a.currency === bookCurrency ? -1 : b.currency === bookCurrency ? 1 : a.currency.localeCompare(b.currency)));
}
