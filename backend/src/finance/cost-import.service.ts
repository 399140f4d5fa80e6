import {
  chargeAmounts,
  chargeChangeRefusal,
  type ImportReport,
  MAX_AMOUNT,
  MAX_RATE,
  MAX_TAX_RATE,
  rateFor,
  type RejectedRow,
  TYPE_DICT,
  todayShanghai,
} from '@forwarder/domain';
import { Injectable, type StreamableFile } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import { FieldErrors } from '../common/app-error.js';
import { refusedImport } from '../common/import-report.js';
import { t } from '../common/messages.js';
import { addNotesSheet, readableOrNull, readSheetByHeader, xlsxDownload } from '../common/xlsx.js';
import { moneyOrdersWith } from './finance-scope.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { ImportLimits } from '../settings/import-limits.service.js';
import { chargeRefusalMessage, ChargesService } from './charges.service.js';
import { DictService } from '../admin/dict/dict.service.js';
import { FinanceLookups, ORDER_REF, type OrderRef } from './finance-lookups.service.js';

export const COST_SHEET = '费用';
/** Data rows one import may hold. */
export const MAX_COST_ROWS = 5000;

/** The columns of the cost sheet, found by header. */
export const COST_COLUMNS = [
  { key: 'orderNo', header: '订单号', required: true, note: '该线路的订单号（未作废、未结佣）', example: 'SB2611220001' },
  { key: 'type', header: '费用类型', required: true, note: '字典“费用类型”中启用的值', example: '运费' },
  { key: 'amount', header: '金额', required: true, note: '大于 0，最多 2 位小数', example: 1200 },
  { key: 'currency', header: '币种', required: true, note: '字典“币种”中启用的值', example: 'CNY' },
  { key: 'rate', header: '汇率', required: false, note: '折合人民币的汇率，最多 6 位小数；CNY 留空（为 1），其他币种必填', example: '' },
  { key: 'taxRate', header: '税率', required: false, note: '百分比 0–100，最多 2 位小数（6 即 6%）；留空为 0', example: '' },
  { key: 'counterparty', header: '供应商', required: false, note: '最多 200 个字符', example: '美森船务' },
  { key: 'chargedOn', header: '费用日期', required: false, note: 'YYYY-MM-DD 或日期单元格；留空为今天', example: '2026-11-22' },
  { key: 'remark', header: '备注', required: false, note: '最多 500 个字符', example: '' },
] as const;
type CostKey = (typeof COST_COLUMNS)[number]['key'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const SIX_DECIMALS = /^\d+(\.\d{1,6})?$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A cell's shown value as text: dates YYYY-MM-DD, blank ''. */
function asText(value: unknown): string {
  if (value === undefined) return '';
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

/**
 * The cost import (order/costapply/*): payables per order from a workbook, every row checked and all
 * saved or none, with the reasons of each wrong row by its Excel row number.
 */
@Injectable()
export class CostImportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly lookups: FinanceLookups,
    private readonly dict: DictService,
    private readonly charges: ChargesService,
    private readonly limits: ImportLimits,
  ) {}

  template(): StreamableFile {
    return xlsxDownload(
      '费用导入模板.xlsx',
      async (workbook) => {
        const sheet = workbook.addWorksheet(COST_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = COST_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 16 }));
        sheet.getRow(1).font = { bold: true };
        sheet.commit();
        addNotesSheet(
          workbook,
          '是否必填',
          [12, 10, 60, 16],
          [
            ...COST_COLUMNS.map((c) => ({ header: c.header, detail: c.required ? '是' : '否', note: c.note, example: c.example })),
            { header: '导入规则', note: '每行是一条应付费用；任何一行有误则整份文件都不导入，并逐行列出原因' },
          ],
          { plain: true },
        );
      },
      { styles: true },
    );
  }

  async import(shipType: string, file: Buffer, user: Principal): Promise<ImportReport & { orders: number }> {
    // the first sheet (the template's 费用), read as a stream within the import limits
    const required = COST_COLUMNS.filter((c) => c.required).map((c) => c.header);
    const sheet = await readableOrNull(
      readSheetByHeader(file, MAX_COST_ROWS, { limits: await this.limits.workbook(), required }, (cell) => {
        const values = Object.fromEntries(COST_COLUMNS.map((c) => [c.key, asText(cell(c.header))])) as Record<CostKey, string>;
        return Object.values(values).some((v) => v !== '') ? values : null;
      }),
      'cost import',
    );
    if (!sheet?.workbook) throw new FieldErrors({ file: [t('priceImportNotXlsx')] });
    const missing = required.filter((header) => !sheet.headers.has(header));
    if (missing.length) throw new FieldErrors({ file: [t('priceImportMissingColumns', { columns: missing.join(', ') })] });
    const rows = sheet.rows;
    if (sheet.total > MAX_COST_ROWS) throw new FieldErrors({ file: [t('priceImportTooManyRows', { max: MAX_COST_ROWS })] });
    if (!rows.length) throw new FieldErrors({ file: [t('priceImportEmpty')] });

    const [types, currencies, orders] = await Promise.all([
      this.lookups.dictValues(TYPE_DICT.charge),
      this.dict.currencies(),
      this.prisma.db.order.findMany({
        where: moneyOrdersWith(user, { orderNo: { in: [...new Set(rows.map((r) => r.values.orderNo.toUpperCase()))] } }),
        select: ORDER_REF,
      }),
    ]);
    const byNo = new Map(orders.map((o) => [o.orderNo, o]));
    // the rule of charge changes, asked of each order (again under the orders' locks when saving)
    const states = await this.charges.chargeStates(
      this.prisma.db,
      orders.map((o) => o.id),
    );
    const canAudit = holdsAny(user, ['finance:audit']);
    const today = todayShanghai();
    const wrong: RejectedRow[] = [];
    const good: Omit<Parameters<ChargesService['addPayables']>[1][number], 'importLine'>[] = [];
    for (const { row, values: v } of rows) {
      const reasons: string[] = [];
      const order: OrderRef | undefined = byNo.get(v.orderNo.toUpperCase());
      if (!v.orderNo) reasons.push(t('financeImportOrderRequired'));
      else if (!order || order.shipType !== shipType) reasons.push(t('financeImportOrderUnknown', { no: v.orderNo }));
      else {
        const refusal = chargeChangeRefusal(states.get(order.id)!, canAudit);
        if (refusal) {
          const { key, params } = chargeRefusalMessage(refusal, order.orderNo);
          reasons.push(t(key, params));
        }
      }
      if (!types.includes(v.type)) reasons.push(t('financeTypeInvalid', { list: types.join(', ') }));
      if (!TWO_DECIMALS.test(v.amount) || Number(v.amount) <= 0 || Number(v.amount) > MAX_AMOUNT) reasons.push(t('financeAmountInvalid'));
      if (!currencies.includes(v.currency)) reasons.push(t('priceCurrencyInvalid', { list: currencies.join(', ') }));
      if (v.rate !== '' && (!SIX_DECIMALS.test(v.rate) || Number(v.rate) > MAX_RATE)) reasons.push(t('financeRateInvalid'));
      if (v.taxRate !== '' && (!TWO_DECIMALS.test(v.taxRate) || Number(v.taxRate) > MAX_TAX_RATE)) reasons.push(t('financeTaxRateInvalid'));
      const taxRate = v.taxRate === '' ? 0 : Number(v.taxRate);
      const rate = rateFor(v.currency, v.rate === '' ? null : Number(v.rate));
      if (rate === null && currencies.includes(v.currency)) reasons.push(t('financeRateRequired'));
      else if (rate !== null && !reasons.length && chargeAmounts(Number(v.amount), taxRate, rate).bookAmount > MAX_AMOUNT)
        reasons.push(t('financeBookAmountTooLarge', { max: MAX_AMOUNT }));
      if (v.counterparty.length > 200) reasons.push(t('financeImportTooLong', { column: '供应商', max: 200 }));
      if (v.remark.length > 500) reasons.push(t('financeImportTooLong', { column: '备注', max: 500 }));
      const chargedOn = v.chargedOn || today;
      if (!DAY.test(chargedOn) || Number.isNaN(Date.parse(chargedOn))) reasons.push(t('financeDayInvalid'));
      if (reasons.length) wrong.push({ row, orderNo: order?.orderNo ?? v.orderNo, reasons });
      else {
        const amount = Number(v.amount);
        good.push({
          order: order!,
          type: v.type,
          amount,
          currency: v.currency,
          rate: rate!,
          taxRate,
          counterparty: v.counterparty || null,
          chargedOn,
          remark: v.remark || null,
        });
      }
    }
    if (wrong.length) return { ...refusedImport(rows.length, wrong), orders: 0 };
    const lines = importLines(
      rows.map((r) => r.values),
      good,
    );
    const booked = await this.prisma.db.$transaction(
      (tx) =>
        this.charges.addPayables(
          tx,
          good.map((g, i) => ({ ...g, importLine: lines[i] })),
          user,
        ),
      { timeout: 120_000, maxWait: 10_000 },
    );
    // no row was wrong: the good lines are the rows, in order
    const duplicates = rows.flatMap(({ row }, i) => {
      const id = booked.duplicates.get(lines[i]);
      return id === undefined ? [] : [{ row, orderNo: good[i].order.orderNo, reasons: [t('financeImportDuplicate', { id })] }];
    });
    return { applied: true, rows: rows.length, written: good.length - duplicates.length, rejected: [], duplicates, orders: booked.orders };
  }
}

/**
 * The key of each booked line of an import: the file (a digest of its rows as read, so a file saved again
 * unchanged is the same file), the order, type, amount and day, and which of the file's identical lines it is
 * (two equal lines of one file are two costs). Importing the same file again yields the same keys.
 */
function importLines(fileRows: Record<CostKey, string>[], lines: { order: OrderRef; type: string; amount: number; chargedOn: string }[]): string[] {
  const file = sha256(JSON.stringify(fileRows));
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const natural = JSON.stringify([line.order.id, line.type, line.amount.toFixed(2), line.chargedOn]);
    const occurrence = seen.get(natural) ?? 0;
    seen.set(natural, occurrence + 1);
    return sha256(JSON.stringify([file, natural, occurrence]));
  });
}
