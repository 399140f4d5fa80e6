import { addNotesSheet, readSheetByHeader, type WorkbookLimits, type WorkbookWriter } from '../common/xlsx.js';
import { formatDay } from './price-rules.js';

/**
 * The price workbook: the export (one row per break) and the import template share the sheet name and the
 * column headers, and the import finds its columns by header, so an exported file can be edited and
 * imported again (the columns only the export has are ignored).
 */
export const PRICE_SHEET = '价格';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The kind as the sheet shows it; the import also takes the codes. */
export const KIND_LABELS: Record<string, string> = { quotation: '报价', cost: '成本' };

type Cell = 'text' | 'number' | 'day';

interface SheetColumn {
  key: string;
  header: string;
  width: number;
  cell: Cell;
  /** 'cell': may be left blank; 'column': may be left out altogether */
  optional?: 'cell' | 'column';
  numFmt?: string;
  /** what the template's notes sheet says about the column */
  note?: string;
  example?: string | number;
}

const column = (key: string, header: string, width: number, cell: Cell, extra: Partial<SheetColumn> = {}): SheetColumn => ({
  key,
  header,
  width,
  cell,
  ...extra,
});

/** The columns an import reads, by header. */
export const IMPORT_COLUMNS = [
  column('kind', '类型', 8, 'text', { note: '报价 或 成本（也可填 quotation / cost）', example: '报价' }),
  column('originCode', '起运港代码', 12, 'text', {
    note: '该线路已启用的起运港代码：海运为 UN/LOCODE（如 CNSZX），空运为 IATA 代码（如 PVG）',
    example: 'CNSZX',
  }),
  column('destinationCode', '目的港代码', 12, 'text', { note: '该线路已启用的目的港代码', example: 'USLAX' }),
  column('channel', '渠道', 16, 'text', { note: '渠道或服务，最多 100 个字符', example: '美森正班' }),
  column('unit', '计费单位', 10, 'text', { note: 'kg（按计费重）或 cbm（按体积）', example: 'kg' }),
  column('currency', '币种', 8, 'text', { note: '字典“币种”中启用的值，如 CNY、USD', example: 'CNY' }),
  column('minCharge', '最低收费', 12, 'number', { optional: 'cell', numFmt: '0.00', note: '不小于 0，最多 2 位小数；可留空（为 0）', example: 300 }),
  column('validFrom', '生效日期', 12, 'day', { numFmt: 'yyyy-mm-dd', note: '日期单元格或 YYYY-MM-DD 文本', example: '2026-01-01' }),
  column('validTo', '失效日期', 12, 'day', { numFmt: 'yyyy-mm-dd', note: '不早于生效日期；首尾两天都有效', example: '2026-06-30' }),
  column('minQuantity', '起始数量', 10, 'number', { note: '该区间的起始数量，最多 3 位小数；每个价格必须有从 0 起的区间', example: 0 }),
  column('unitPrice', '单价', 10, 'number', { numFmt: '0.0000', note: '每 kg 或每 cbm 的单价，最多 4 位小数', example: 12 }),
  column('remark', '备注', 24, 'text', { optional: 'column', note: '可留空，最多 500 个字符；同一价格取第一条非空备注' }),
] as const;

export type ImportKey = (typeof IMPORT_COLUMNS)[number]['key'];

const byKey = (key: ImportKey) => IMPORT_COLUMNS.find((c) => c.key === key)!;

/** The export: the price id and the ports' names besides the import columns, one row per break. */
export const EXPORT_COLUMNS: SheetColumn[] = [
  column('priceId', '价格编号', 10, 'number'),
  byKey('kind'),
  byKey('originCode'),
  column('originName', '起运港', 16, 'text'),
  byKey('destinationCode'),
  column('destinationName', '目的港', 16, 'text'),
  ...(['channel', 'unit', 'currency', 'minCharge', 'validFrom', 'validTo', 'minQuantity', 'unitPrice', 'remark'] as const).map(byKey),
];

/**
 * The price sheet and its header row, in a streaming workbook (common/xlsx.ts workbookWriter, with styles
 * when `styled`). Styles (bold header, number and date formats) cost about two thirds of the writing time,
 * so the export goes without them and writes days as YYYY-MM-DD text, which the import reads back as well.
 */
export function priceSheet(workbook: WorkbookWriter, columns: readonly SheetColumn[], { styled }: { styled: boolean }) {
  const sheet = workbook.addWorksheet(PRICE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: styled && c.numFmt ? { numFmt: c.numFmt } : {} }));
  if (styled) sheet.getRow(1).font = { bold: true };
  return sheet;
}

/** The notes sheet of the template: what each column takes, with an example. */
export function addTemplateNotes(workbook: WorkbookWriter) {
  addNotesSheet(
    workbook,
    '是否必填',
    [14, 10, 70, 14],
    [
      ...(IMPORT_COLUMNS as readonly SheetColumn[]).map((c) => ({ header: c.header, detail: c.optional ? '否' : '是', note: c.note, example: c.example })),
      {},
      { header: '分组', note: '类型、起运港、目的港、渠道、计费单位、币种、最低收费、生效日期、失效日期都相同的行属于同一个价格，每行是它的一个计费区间' },
      { header: '导入规则', note: '任何一行有误则整份文件都不导入，并逐行列出原因；全部无误时一次保存' },
    ],
  );
}

// ---------------------------------------------------------------- reading an uploaded sheet

export type RowValues = Partial<Record<ImportKey, unknown>>;

export interface SheetRow {
  /** the row number Excel shows */
  row: number;
  values: RowValues;
}

/**
 * What an upload holds: its data rows (at most `maxRows` kept; `total` counts them all), the required
 * headers it lacks, and whether it was a workbook at all.
 */
export interface ReadSheet {
  workbook: boolean;
  rows: SheetRow[];
  total: number;
  missing: string[];
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** Cells as the row DTO takes them: text as text, numbers typed as text as numbers, dates as YYYY-MM-DD. */
function asCell(value: unknown, cell: Cell): unknown {
  if (value === undefined) return undefined;
  if (cell === 'text') return value instanceof Date ? formatDay(value) : String(value);
  if (cell === 'number') return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
  if (value instanceof Date) return formatDay(value);
  // a date typed into a cell formatted as a number: Excel's day serial
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2958466) return formatDay(new Date(EXCEL_EPOCH + value * 86_400_000));
  return String(value);
}

/** The data rows of the first sheet, cells found by header, blank rows skipped (read as a stream within `limits`). */
export async function readPriceSheet(file: Buffer, maxRows: number, limits: WorkbookLimits): Promise<ReadSheet> {
  const required = (IMPORT_COLUMNS as readonly SheetColumn[]).filter((c) => c.optional !== 'column').map((c) => c.header);
  const sheet = await readSheetByHeader(file, maxRows, { limits, required }, (cell) => {
    const values: RowValues = {};
    let blank = true;
    for (const c of IMPORT_COLUMNS) {
      const value = asCell(cell(c.header), c.cell);
      if (value !== undefined) blank = false;
      values[c.key] = value;
    }
    return blank ? null : values;
  });
  const missing = required.filter((header) => !sheet.headers.has(header));
  return { workbook: sheet.workbook, rows: sheet.rows, total: sheet.total, missing };
}
