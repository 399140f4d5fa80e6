import {
  containerNoMessage,
  containerNoProblem,
  isFlightNo,
  isReferenceNo,
  normaliseContainerNo,
  type ShipType,
  fromShanghaiWallClock,
  shanghaiMinute,
} from '@forwarder/domain';
import type { Writable } from 'node:stream';
import { t } from '../../common/messages.js';
import { addNotesSheet, readSheetByHeader, workbookWriter, type WorkbookLimits } from '../../common/xlsx.js';

/**
 * The shipping information sheet (船务信息): per order, the container, seal, vessel or flight, ETD/ETA and
 * the document numbers, entered in bulk from the shipping line's or airline's notice. The template and the
 * import find the columns by header.
 */
export const SC_SHEET = '船务信息';
export const MAX_SC_ROWS = 2000;

type Applies = 'sea' | 'air' | 'both';
interface ScColumn {
  key: 'orderNo' | 'containerNo' | 'sealNo' | 'vesselOrFlight' | 'etd' | 'eta' | 'billOfLadingNo' | 'waybillNo' | 'customsDeclarationNo';
  header: string;
  width: number;
  applies: Applies;
  note: string;
  example: string;
}

export const SC_COLUMNS: readonly ScColumn[] = [
  {
    key: 'orderNo',
    header: '订单号',
    width: 16,
    applies: 'both',
    note: '必填：该线路的订单号（导入地址中的线路），作废的订单不能导入',
    example: 'DL2611220001',
  },
  { key: 'containerNo', header: '柜号', width: 14, applies: 'sea', note: '海运：ISO 6346 柜号，4 位字母加 7 位数字，校验位须正确', example: 'MSCU1234566' },
  { key: 'sealNo', header: '封条号', width: 12, applies: 'sea', note: '海运：最多 30 个字符', example: 'SL0001' },
  {
    key: 'vesselOrFlight',
    header: '船名航次/航班号',
    width: 18,
    applies: 'both',
    note: '海运填船名航次（最多 100 个字符），空运填航班号（如 CA987）',
    example: 'MSC ANNA 123E',
  },
  {
    key: 'etd',
    header: 'ETD',
    width: 17,
    applies: 'both',
    note: '预计开航/起飞时间（北京时间）：日期单元格或 YYYY-MM-DD [HH:mm] 文本；不能晚于 ETA',
    example: '2026-12-01 08:00',
  },
  { key: 'eta', header: 'ETA', width: 17, applies: 'both', note: '预计到达时间（北京时间），格式同 ETD', example: '2026-12-20' },
  { key: 'billOfLadingNo', header: '提单号', width: 18, applies: 'sea', note: '海运：字母、数字、-、/、.，最多 50 个字符', example: 'MEDU1234567' },
  { key: 'waybillNo', header: '运单号', width: 16, applies: 'air', note: '空运：字母、数字、-、/、.，最多 50 个字符', example: '999-12345675' },
  { key: 'customsDeclarationNo', header: '报关单号', width: 20, applies: 'both', note: '字母、数字、-、/、.，最多 50 个字符', example: '530120261234567890' },
];

/** Writes the template: the sheet with its headers, and an instructions sheet (说明) with an example per column. */
export async function writeScTemplate(stream: Writable): Promise<void> {
  const workbook = await workbookWriter(stream, { styles: true });
  const sheet = workbook.addWorksheet(SC_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SC_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: c.key === 'etd' || c.key === 'eta' ? { numFmt: 'yyyy-mm-dd hh:mm' } : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.commit();
  const applies = { sea: '小包专线、专线', air: '空运', both: '全部' };
  addNotesSheet(
    workbook,
    '适用线路',
    [16, 12, 72, 20],
    [
      ...SC_COLUMNS.map((c) => ({ header: c.header, detail: applies[c.applies], note: c.note, example: c.example })),
      {},
      { header: '空单元格', note: '留空的列不修改订单原有的值' },
      { header: '导入规则', note: '逐行检查全部行，任何一行有误则整份文件都不导入，并列出每个有误的行及原因；全部无误时一次写入' },
    ],
  );
  await workbook.commit();
}

export type ScValues = Partial<Record<ScColumn['key'], string | Date | number>>;
export interface ScSheetRow {
  row: number;
  values: ScValues;
}
export interface ScSheet {
  workbook: boolean;
  rows: ScSheetRow[];
  total: number;
  missing: string[];
}

/** The data rows of the first sheet, cells found by header, blank rows skipped; read as a stream within `limits`. */
export async function readScSheet(file: Buffer, maxRows: number, limits: WorkbookLimits): Promise<ScSheet> {
  const required = SC_COLUMNS.map((c) => c.header);
  const sheet = await readSheetByHeader(file, maxRows, { limits, required }, (cell) => {
    const values: ScValues = {};
    for (const c of SC_COLUMNS) {
      const value = cell(c.header);
      if (value !== undefined) values[c.key] = value instanceof Date || typeof value === 'number' ? value : String(value);
    }
    return Object.keys(values).length ? values : null;
  });
  const missing = required.filter((header) => !sheet.headers.has(header));
  return { workbook: sheet.workbook, rows: sheet.rows, total: sheet.total, missing };
}

/** The order columns a row may set. */
export interface ScEntered {
  containerNo?: string;
  sealNo?: string;
  vesselVoyage?: string;
  flightNo?: string;
  etd?: Date;
  eta?: Date;
  billOfLadingNo?: string;
  waybillNo?: string;
  customsDeclarationNo?: string;
}

export interface CheckedScRow {
  row: number;
  orderNo: string;
  entered: ScEntered;
  reasons: string[];
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** A time cell: a date cell, a day serial typed into a number cell, or text; read as Shanghai wall clock. */
function timeOf(value: string | Date | number): Date | null {
  if (typeof value === 'number') return value > 0 && value < 2958466 ? fromShanghaiWallClock(new Date(Math.round(EXCEL_EPOCH + value * DAY_MS))) : null;
  return fromShanghaiWallClock(value);
}
const textOf = (value: string | Date | number) => (value instanceof Date ? shanghaiMinute(fromShanghaiWallClock(value)) : String(value).trim());

/**
 * A row's cells checked on their own (the order itself is checked against the database afterwards):
 * the columns of the line, lengths, number formats, the container check digit, times and ETD ≤ ETA.
 */
export function checkScRow(shipType: ShipType, sheetRow: ScSheetRow): CheckedScRow {
  const air = shipType === 'airtransport';
  const v = sheetRow.values;
  const reasons: string[] = [];
  const entered: ScEntered = {};
  const orderNo = v.orderNo === undefined ? '' : textOf(v.orderNo).toUpperCase();
  if (!orderNo) reasons.push(t('scImportOrderNoRequired'));
  const header = (key: ScColumn['key']) => SC_COLUMNS.find((c) => c.key === key)!.header;
  const applies = (key: ScColumn['key']) => {
    const column = SC_COLUMNS.find((c) => c.key === key)!;
    const wrong = column.applies === 'sea' && air ? 'scImportSeaOnly' : column.applies === 'air' && !air ? 'scImportAirOnly' : null;
    if (wrong) reasons.push(t(wrong, { column: column.header }));
    return !wrong;
  };
  const text = (key: ScColumn['key'], max: number, reference: boolean): string | undefined => {
    if (v[key] === undefined || !applies(key)) return undefined;
    const value = textOf(v[key]);
    if (value.length > max) reasons.push(t('scImportTooLong', { column: header(key), max }));
    else if (reference && !isReferenceNo(value)) reasons.push(t('scImportNotReference', { column: header(key) }));
    else return value;
    return undefined;
  };

  const container = text('containerNo', 20, false);
  if (container !== undefined) {
    const problem = containerNoProblem(container);
    if (problem) {
      // the fault said as the screens say it (the domain's message), after the number
      const { key, params } = containerNoMessage(problem);
      reasons.push(t('scImportContainer', { value: container, reason: t(key, params) }));
    } else entered.containerNo = normaliseContainerNo(container);
  }
  const seal = text('sealNo', 30, false);
  if (seal !== undefined) entered.sealNo = seal;
  const vesselOrFlight = text('vesselOrFlight', air ? 20 : 100, false);
  if (vesselOrFlight !== undefined) {
    if (!air) entered.vesselVoyage = vesselOrFlight;
    else if (isFlightNo(vesselOrFlight)) entered.flightNo = vesselOrFlight.toUpperCase().replace(/\s/g, '');
    else reasons.push(t('scImportFlightFormat', { value: vesselOrFlight }));
  }
  for (const key of ['billOfLadingNo', 'waybillNo', 'customsDeclarationNo'] as const) {
    const value = text(key, 50, true);
    if (value !== undefined) entered[key] = value;
  }
  for (const key of ['etd', 'eta'] as const) {
    if (v[key] === undefined) continue;
    const time = timeOf(v[key]);
    if (time) entered[key] = time;
    else reasons.push(t('scImportDateInvalid', { column: header(key) }));
  }
  if (orderNo && !reasons.length && !Object.keys(entered).length) reasons.push(t('scImportNothing'));
  return { row: sheetRow.row, orderNo, entered, reasons };
}

/** ETD must not be after ETA, the order's stored times filling in what the row leaves out. */
export function etdAfterEta(entered: ScEntered, stored: { etd: Date | null; eta: Date | null }): string | null {
  if (!entered.etd && !entered.eta) return null;
  const etd = entered.etd ?? stored.etd;
  const eta = entered.eta ?? stored.eta;
  return etd && eta && etd > eta ? t('scImportEtdAfterEta', { etd: shanghaiMinute(etd), eta: shanghaiMinute(eta) }) : null;
}

const FIELD_NAMES: Record<keyof ScEntered, string> = {
  containerNo: '柜号',
  sealNo: '封条号',
  vesselVoyage: '船名航次',
  flightNo: '航班号',
  etd: 'ETD',
  eta: 'ETA',
  billOfLadingNo: '提单号',
  waybillNo: '运单号',
  customsDeclarationNo: '报关单号',
};

/** What the timeline says was imported, e.g. '柜号 MSCU1234566，ETD 2026-12-01 08:00'. */
export function describeEntered(entered: ScEntered): string {
  return (Object.entries(entered) as [keyof ScEntered, string | Date][])
    .map(([key, value]) => `${FIELD_NAMES[key]} ${value instanceof Date ? shanghaiMinute(value) : value}`)
    .join('，');
}
