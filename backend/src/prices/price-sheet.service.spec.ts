// The price workbook's import against a real database (the medium tier, test/medium.ts): all rows or none,
// rows grouped into prices with their breaks, cost rows only for holders of price:cost, overlaps within the
// file and with saved prices, and the file's own checks (docs/prices.md).
import { MAX_BREAKS } from '@forwarder/domain';
import { useMedium } from '../../test/medium.js';
import { DictService } from '../admin/dict/dict.service.js';
import { workbookFile } from '../../test/xlsx.js';
import { t } from '../common/messages.js';
import { IMPORT_COLUMNS } from './price-sheet.js';
import { BREAK_MESSAGES } from './price-rules.js';
import { MAX_IMPORT_ROWS, PriceSheetService } from './price-sheet.service.js';

describe('PriceSheetService: the import (medium)', () => {
  const { m, admin, sales, sheet } = useMedium({ admin: 'admin', sales: 'sales01' }, { sheet: PriceSheetService });
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  const file = (rows: unknown[][], head = headers) => workbookFile('价格', [head, ...rows]);
  let n = 0;
  const channel = () => `导入渠道-${++n}号`;
  /** A row on the smallbag route CNSZX → USLAX (the ports m.seed.route makes). */
  const row = (ch: string, fields: { kind?: string; from?: string; to?: string; min?: number; price?: number; currency?: string } = {}) => [
    fields.kind ?? '报价',
    'CNSZX',
    'USLAX',
    ch,
    'kg',
    fields.currency ?? 'USD',
    100,
    fields.from ?? '2026-01-01',
    fields.to ?? '2026-06-30',
    fields.min ?? 0,
    fields.price ?? 5,
    '',
  ];
  const pricesOf = (ch: string) => m.prisma.db.price.findMany({ where: { channel: ch }, include: { breaks: { orderBy: { minQuantity: 'asc' } } } });
  const reasons = (report: { rejected: { row: number; reasons: string[] }[] }) => Object.fromEntries(report.rejected.map((r) => [r.row, r.reasons]));

  beforeAll(async () => {
    await m.seed.route('smallbag');
  });

  it('saves every price of a good file, its rows grouped into prices with sorted breaks', async () => {
    const [a, b] = [channel(), channel()];
    const report = await sheet.import(
      'smallbag',
      await file([row(a, { min: 100, price: 4.5 }), row(a), row(b, { kind: '成本' }), row(a, { min: 1000, price: 4 })]),
      admin,
    );
    expect(report).toMatchObject({ applied: true, rows: 4, written: 4, rejected: [], prices: 2 });
    const [quotation] = await pricesOf(a);
    expect(quotation.kind).toBe('quotation');
    expect(quotation.createdBy).toBe(admin.userId);
    expect(quotation.breaks.map((s) => [s.minQuantity.toNumber(), s.unitPrice.toNumber()])).toEqual([
      [0, 5],
      [100, 4.5],
      [1000, 4],
    ]);
    expect((await pricesOf(b)).map((p) => p.kind)).toEqual(['cost']);
  });

  it('saves nothing when one row is wrong, and tells each wrong row by its Excel row number', async () => {
    const [good, bad] = [channel(), channel()];
    const before = await m.prisma.db.price.count();
    const report = await sheet.import('smallbag', await file([row(good), row(bad, { currency: 'JPY' })]), admin);
    expect(report).toMatchObject({ applied: false, rows: 2, written: 0, prices: 0 });
    expect(reasons(report)).toEqual({ 3: [t('priceCurrencyInvalid', { list: (await m.get(DictService).currencies()).join(', ') })] });
    expect(await m.prisma.db.price.count()).toBe(before);
  });

  it('refuses cost rows to a caller without price:cost', async () => {
    const ch = channel();
    const report = await sheet.import('smallbag', await file([row(ch), row(channel(), { kind: '成本' })]), sales);
    expect(reasons(report)).toEqual({ 3: [t('priceImportCostNotAllowed')] });
    expect(await pricesOf(ch)).toEqual([]);
  });

  it('refuses breaks that do not start at 0 or repeat a quantity', async () => {
    const [late, twice] = [channel(), channel()];
    const report = await sheet.import('smallbag', await file([row(late, { min: 50 }), row(twice), row(twice, { price: 4 })]), admin);
    expect(reasons(report)).toEqual({ 2: [t(BREAK_MESSAGES.breaksFirstZero, { max: MAX_BREAKS })], 4: [t('priceBreaksIncreasing')] });
  });

  it('refuses prices overlapping each other in the file, or a saved price', async () => {
    const ch = channel();
    const within = await sheet.import('smallbag', await file([row(ch, { to: '2026-03-31' }), row(ch, { from: '2026-03-31', to: '2026-12-31' })]), admin);
    expect(reasons(within)).toEqual({
      2: [t('priceImportOverlapRows', { rows: '3' })],
      3: [t('priceImportOverlapRows', { rows: '2' })],
    });
    await sheet.import('smallbag', await file([row(ch)]), admin);
    const [saved] = await pricesOf(ch);
    const again = await sheet.import('smallbag', await file([row(ch, { from: '2026-06-30', to: '2026-07-31' })]), admin);
    expect(reasons(again)).toEqual({
      2: [t('priceOverlap', { id: saved.id, channel: ch, unit: 'kg', from: '2026-01-01', to: '2026-06-30' })],
    });
  });

  it('checks the ports against the line: the same codes on another line are unknown', async () => {
    const report = await sheet.import('dedicatedline', await file([row(channel())]), admin);
    expect(reasons(report)).toEqual({
      2: [t('priceImportOriginUnknown', { code: 'CNSZX' }), t('priceImportDestinationUnknown', { code: 'USLAX' })],
    });
  });

  it('refuses a file that is no workbook, lacks columns, holds no rows or too many', async () => {
    await expect(sheet.import('smallbag', Buffer.from('not a workbook'), admin)).rejects.toMatchObject({ fields: { file: [t('priceImportNotXlsx')] } });
    await expect(sheet.import('smallbag', await file([], headers.slice(0, 3)), admin)).rejects.toMatchObject({
      fields: { file: [expect.stringContaining(headers[3])] },
    });
    await expect(sheet.import('smallbag', await file([]), admin)).rejects.toMatchObject({ fields: { file: [t('priceImportEmpty')] } });
    const many = await file(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => row('x')));
    await expect(sheet.import('smallbag', many, admin)).rejects.toMatchObject({ fields: { file: [t('priceImportTooManyRows', { max: MAX_IMPORT_ROWS })] } });
  });
});
