import type { Dayjs } from 'dayjs';
import { BOOK_CURRENCY, chargeAmounts, chargeChangeRefusal, type ChargeRefusal } from '@forwarder/domain';
import type { Charge, ChargeFields, OrderFinanceDetail } from './api';

/**
 * The order charges' rules on the client, taken from the server's own (finance-rules.ts): the tax and
 * totals of a line, and whether an order's charges may change for the user.
 */

/** What the charge form holds. */
export interface ChargeFormValues {
  type: string;
  amount: number;
  currency: string;
  rate?: number | null;
  taxRate?: number | null;
  counterparty?: string | null;
  chargedOn: Dayjs;
  remark?: string | null;
}

/** The form's values as the calls take them: no rate for CNY (the server books it at 1), tax rate 0 when blank. */
export function chargeFields(values: ChargeFormValues): ChargeFields {
  return {
    type: values.type,
    amount: values.amount,
    currency: values.currency,
    rate: values.currency === BOOK_CURRENCY ? null : (values.rate ?? null),
    taxRate: values.taxRate ?? 0,
    counterparty: values.counterparty?.trim() || null,
    chargedOn: values.chargedOn.format('YYYY-MM-DD'),
    remark: values.remark?.trim() || null,
  };
}

/** Tax, total and book amount of what the form holds, as the server will compute them; null until amount (and a foreign currency's rate) are there. */
export function chargePreview(
  values: Partial<Pick<ChargeFormValues, 'amount' | 'currency' | 'rate' | 'taxRate'>>,
): { tax: number; total: number; bookAmount: number } | null {
  if (typeof values.amount !== 'number' || !values.currency) return null;
  const rate = values.currency === BOOK_CURRENCY ? 1 : values.rate;
  if (typeof rate !== 'number') return null;
  return chargeAmounts(values.amount, values.taxRate ?? 0, rate);
}

/** Why the order's charges may not change for this user now (the server's rule, without a change to weigh), or null. */
export function chargeLock(detail: Pick<OrderFinanceDetail, 'order' | 'entries' | 'outgoings'>, canAudit: boolean): ChargeRefusal | null {
  const pendingRecords = [...detail.entries, ...detail.outgoings].filter((r) => r.status === 'pending').map((r) => r.recordNo);
  return chargeChangeRefusal({ stage: detail.order.stage, sideState: detail.order.sideState, pendingRecords }, canAudit);
}

export interface LineTotal {
  currency: string;
  amount: number;
  tax: number;
  total: number;
}

/** Sums of the live (not voided) lines: per currency (book currency first), and their book amount; counted in cents. */
export function chargeTotals(lines: readonly Charge[]): { byCurrency: LineTotal[]; bookAmount: number; count: number } {
  const cents = (value: Charge['amount']) => Math.round(Number(value) * 100);
  const sums = new Map<string, { amount: number; tax: number; total: number }>();
  let book = 0;
  let count = 0;
  for (const line of lines) {
    if (line.voidedAt) continue;
    count += 1;
    const sum = sums.get(line.currency) ?? { amount: 0, tax: 0, total: 0 };
    sum.amount += cents(line.amount);
    sum.tax += cents(line.tax);
    sum.total += cents(line.total);
    sums.set(line.currency, sum);
    book += cents(line.bookAmount);
  }
  const byCurrency = [...sums.entries()]
    .map(([currency, sum]) => ({ currency, amount: sum.amount / 100, tax: sum.tax / 100, total: sum.total / 100 }))
    .sort((a, b) => (a.currency === BOOK_CURRENCY ? -1 : b.currency === BOOK_CURRENCY ? 1 : a.currency.localeCompare(b.currency)));
  return { byCurrency, bookAmount: book / 100, count };
}
