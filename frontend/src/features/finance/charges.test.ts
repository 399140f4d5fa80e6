import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Charge, FinanceRecord, OrderFinanceDetail } from './api';
import { chargeFields, chargeLock, chargePreview, chargeTotals } from './charges';
import { trailChanges } from './ChargeTrail';

const line = (over: Partial<Charge>): Charge =>
  ({
    id: 1,
    kind: 'receivable',
    type: '运费',
    amount: 100,
    currency: 'CNY',
    rate: 1,
    taxRate: 0,
    tax: 0,
    total: 100,
    bookAmount: 100,
    voidedAt: null,
    ...over,
  }) as Charge;
const detail = (
  stage: string,
  sideState: string | null,
  statuses: FinanceRecord['status'][] = [],
): Pick<OrderFinanceDetail, 'order' | 'entries' | 'outgoings'> => ({
  order: { stage, sideState } as OrderFinanceDetail['order'],
  entries: statuses.map((status, i) => ({ recordNo: `FE${i}`, status }) as FinanceRecord),
  outgoings: [],
});

describe('order charges on the client', () => {
  it('sends no rate for CNY, tax rate 0 when blank, trimmed texts and the day', () => {
    expect(
      chargeFields({ type: '运费', amount: 10, currency: 'CNY', rate: 7, chargedOn: dayjs('2026-11-20'), counterparty: '  客户甲 ', remark: ' ' }),
    ).toEqual({
      type: '运费',
      amount: 10,
      currency: 'CNY',
      rate: null,
      taxRate: 0,
      counterparty: '客户甲',
      chargedOn: '2026-11-20',
      remark: null,
    });
    expect(chargeFields({ type: '运费', amount: 10, currency: 'USD', rate: 7.1, taxRate: 6, chargedOn: dayjs('2026-11-20') })).toMatchObject({
      rate: 7.1,
      taxRate: 6,
      counterparty: null,
    });
  });

  it("previews tax, total and book amount with the server's rule, once amount and a foreign currency's rate are there", () => {
    expect(chargePreview({ amount: 1000, currency: 'USD', rate: 7, taxRate: 6 })).toEqual({ tax: 60, total: 1060, bookAmount: 7420 });
    expect(chargePreview({ amount: 333.33, currency: 'CNY', taxRate: 6.5 })).toEqual({ tax: 21.67, total: 355, bookAmount: 355 });
    expect(chargePreview({ amount: 1000, currency: 'USD' })).toBeNull();
    expect(chargePreview({ currency: 'CNY' })).toBeNull();
  });

  it('locks the charges of settled and voided orders, and of orders under audit for non-auditors', () => {
    expect(chargeLock(detail('sail', null, ['locked', 'registered']), false)).toBeNull();
    expect(chargeLock(detail('brokerage', null), true)).toEqual({ reason: 'brokerage' });
    expect(chargeLock(detail('sail', 'delete'), true)).toEqual({ reason: 'voided' });
    expect(chargeLock(detail('sail', null, ['locked', 'pending']), false)).toEqual({ reason: 'underAudit', records: ['FE1'] });
    expect(chargeLock(detail('sail', null, ['pending']), true)).toBeNull();
  });

  it('totals the live lines per currency (book currency first) and in book currency, leaving voided lines out', () => {
    const totals = chargeTotals([
      line({ amount: 0.1, total: 0.1, bookAmount: 0.1 }),
      line({ amount: 0.2, tax: 0.01, total: 0.21, bookAmount: 0.21 }),
      line({ currency: 'USD', amount: 100, taxRate: 6, tax: 6, total: 106, rate: 7, bookAmount: 742 }),
      line({ amount: 999, total: 999, bookAmount: 999, voidedAt: '2026-11-20T00:00:00Z' }),
    ]);
    expect(totals).toEqual({
      byCurrency: [
        { currency: 'CNY', amount: 0.3, tax: 0.01, total: 0.31 },
        { currency: 'USD', amount: 100, tax: 6, total: 106 },
      ],
      bookAmount: 742.31,
      count: 3,
    });
  });

  it('words a trail entry as the fields it changed', () => {
    const label = (field: string) => ({ amount: '金额', remark: '备注', taxRate: '税率' })[field] ?? field;
    // in the fixed order of the fields, whatever order the server's JSON has
    expect(trailChanges({ before: { remark: null, amount: 500 }, after: { remark: '加急', amount: 600 } }, label)).toEqual([
      '金额: 500 → 600',
      '备注: — → 加急',
    ]);
    // an addition lists its values; the direction (shown beside) is left out
    expect(
      trailChanges({ before: null, after: { taxRate: 6, kind: 'receivable', amount: 500 } }, label, (field, value) =>
        field === 'taxRate' ? `${String(value)}%` : String(value),
      ),
    ).toEqual(['金额: 500', '税率: 6%']);
  });
});
