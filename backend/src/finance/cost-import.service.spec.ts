// The cost import against a real database (the medium tier, test/medium.ts): payables from a workbook,
// all rows or none, each checked against the line, the money scope, the order's state and the dictionaries,
// and the same file imported again booking nothing twice (docs/finance.md, Cost import).
import { useMedium } from '../../test/medium.js';
import { workbookFile } from '../../test/xlsx.js';
import { t } from '../common/messages.js';
import { COST_COLUMNS, COST_SHEET, CostImportService, MAX_COST_ROWS } from './cost-import.service.js';
import { FinanceLookups } from './finance-lookups.service.js';

describe('CostImportService: payables from a workbook (medium)', () => {
  const { m, fin, sales, sales2, costs, lookups } = useMedium(
    { fin: 'fin01', sales: 'sales01', sales2: 'sales02' },
    { costs: CostImportService, lookups: FinanceLookups },
  );
  const headers = COST_COLUMNS.map((c) => c.header);
  type Row = Partial<Record<(typeof COST_COLUMNS)[number]['key'], string | number>>;
  const file = (rows: Row[], head = headers) => workbookFile(COST_SHEET, [head, ...rows.map((r) => COST_COLUMNS.map((c) => r[c.key] ?? ''))]);
  const freight = (orderNo: string, fields: Row = {}): Row => ({ orderNo, type: '运费', amount: 1200, currency: 'CNY', chargedOn: '2026-11-20', ...fields });
  const payables = (orderId: number) => m.prisma.db.orderCharge.findMany({ where: { orderId, kind: 'payable' }, orderBy: { id: 'asc' } });
  const reasons = (report: { rejected: { row: number; reasons: string[] }[] }) => Object.fromEntries(report.rejected.map((r) => [r.row, r.reasons]));

  it('books a payable per row, converting to the book currency with its rate and tax', async () => {
    const order = await m.seed.order(sales);
    const report = await costs.import(
      'dedicatedline',
      await file([
        freight(order.orderNo.toLowerCase()),
        freight(order.orderNo, { type: '报关费', amount: 100, currency: 'USD', rate: 7.1, taxRate: 6, counterparty: '美森船务' }),
      ]),
      fin,
    );
    expect(report).toMatchObject({ applied: true, rows: 2, written: 2, rejected: [], duplicates: [], orders: 1 });
    const booked = await payables(order.id);
    expect(booked.map((c) => [c.type, c.amount.toNumber(), c.currency, c.tax.toNumber(), c.bookAmount.toNumber(), c.counterparty, c.createdBy])).toEqual([
      ['运费', 1200, 'CNY', 0, 1200, null, fin.userId],
      ['报关费', 100, 'USD', 6, 752.6, '美森船务', fin.userId],
    ]);
    expect(booked.every((c) => c.importLine?.length === 64)).toBe(true);
  });

  it('books nothing twice when the same file comes again, naming the costs already booked', async () => {
    const order = await m.seed.order(sales);
    const same = await file([freight(order.orderNo), freight(order.orderNo)]);
    expect(await costs.import('dedicatedline', same, fin)).toMatchObject({ written: 2 });
    const [first, second] = await payables(order.id);
    const again = await costs.import('dedicatedline', same, fin);
    expect(again).toMatchObject({ applied: true, written: 0 });
    expect(again.duplicates).toEqual([
      { row: 2, orderNo: order.orderNo, reasons: [t('financeImportDuplicate', { id: first.id })] },
      { row: 3, orderNo: order.orderNo, reasons: [t('financeImportDuplicate', { id: second.id })] },
    ]);
    expect(await payables(order.id)).toHaveLength(2);
  });

  it('saves nothing when a row is wrong, listing each wrong row with all its reasons', async () => {
    const order = await m.seed.order(sales);
    const air = await m.seed.order(sales, { line: 'airtransport' });
    const [types, currencies] = [await lookups.dictValues('expenseType'), await lookups.dictValues('currency')];
    const report = await costs.import(
      'dedicatedline',
      await file([
        /* 2 */ freight(order.orderNo),
        /* 3 */ freight(air.orderNo),
        /* 4 */ freight(order.orderNo, { amount: 0, type: '不存在的费用' }),
        /* 5 */ freight(order.orderNo, { currency: 'USD' }),
        /* 6 */ freight(order.orderNo, { currency: 'XYZ', chargedOn: '2026/11/20', taxRate: 101 }),
        /* 7 */ freight('', {}),
      ]),
      fin,
    );
    expect(report).toMatchObject({ applied: false, rows: 6, written: 0, orders: 0 });
    expect(reasons(report)).toEqual({
      3: [t('financeImportOrderUnknown', { no: air.orderNo })],
      4: [t('financeTypeInvalid', { list: types.join(', ') }), t('financeAmountInvalid')],
      5: [t('financeRateRequired')],
      6: [t('priceCurrencyInvalid', { list: currencies.join(', ') }), t('financeTaxRateInvalid'), t('financeDayInvalid')],
      7: [t('financeImportOrderRequired')],
    });
    expect(await payables(order.id)).toEqual([]);
  });

  it('takes only the orders of the caller’s money scope, and none voided', async () => {
    const theirs = await m.seed.order(sales2);
    const report = await costs.import('dedicatedline', await file([freight(theirs.orderNo)]), sales);
    expect(reasons(report)).toEqual({ 2: [t('financeImportOrderUnknown', { no: theirs.orderNo })] });
    await m.prisma.db.order.update({ where: { id: theirs.id }, data: { sideState: 'delete' } });
    const voided = await costs.import('dedicatedline', await file([freight(theirs.orderNo)]), fin);
    expect(reasons(voided)).toEqual({ 2: [t('financeOrderVoided', { no: theirs.orderNo })] });
  });

  it('refuses a file that is no workbook, lacks a required column, or holds no rows or too many', async () => {
    await expect(costs.import('dedicatedline', Buffer.from('plain text'), fin)).rejects.toMatchObject({ fields: { file: [t('priceImportNotXlsx')] } });
    await expect(
      costs.import(
        'dedicatedline',
        await file(
          [],
          headers.filter((h) => h !== '金额'),
        ),
        fin,
      ),
    ).rejects.toMatchObject({
      fields: { file: [t('priceImportMissingColumns', { columns: '金额' })] },
    });
    await expect(costs.import('dedicatedline', await file([]), fin)).rejects.toMatchObject({ fields: { file: [t('priceImportEmpty')] } });
    const many = await file(Array.from({ length: MAX_COST_ROWS + 1 }, () => freight('DL1')));
    await expect(costs.import('dedicatedline', many, fin)).rejects.toMatchObject({
      fields: { file: [t('priceImportTooManyRows', { max: MAX_COST_ROWS })] },
    });
  });
});
