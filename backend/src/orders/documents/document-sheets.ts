import { shanghaiDay, shanghaiMinute } from '@forwarder/domain';
import type ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { OrderDocument } from '../../generated/prisma/client.js';
import { t } from '../../common/messages.js';
import { workbookWriter, type WorkbookWriter } from '../../common/xlsx.js';
import type { OrderView } from '../order/orders.service.js';
import { DOCUMENT_KIND, type DocumentKind } from './document-kinds.js';

/** The order's fields the document sheets show (the list export reads only these). */
export type SheetOrder = Pick<
  OrderView,
  | 'orderNo'
  | 'customerName'
  | 'waybillNo'
  | 'billOfLadingNo'
  | 'flightNo'
  | 'vesselVoyage'
  | 'containerNo'
  | 'sealNo'
  | 'packages'
  | 'grossWeight'
  | 'volume'
  | 'chargeableWeight'
  | 'etd'
  | 'eta'
>;
/** The saved document's fields the sheets show. */
export type SheetDocument = Pick<
  OrderDocument,
  | 'shipper'
  | 'consignee'
  | 'notifyParty'
  | 'placeFrom'
  | 'placeTo'
  | 'vesselVoyage'
  | 'goodsDescription'
  | 'marks'
  | 'freightTerm'
  | 'numberOfOriginals'
  | 'issuedAt'
  | 'remark'
>;

/** An order as the document sheets read it: the order's fields and its saved document of the kind, if any. */
export interface DocumentRow {
  order: SheetOrder;
  document: SheetDocument | null;
  /** the order's stage as its line words it (StageWording) */
  stageName: string;
}

interface ExcelColumn {
  header: string;
  width: number;
  value: (row: DocumentRow) => string | number | null | undefined;
  /** only for this kind */
  kind?: DocumentKind;
}

const doc = (pick: (d: SheetDocument) => string | number | null) => (row: DocumentRow) => (row.document ? pick(row.document) : null);
const freightText = (term: string) => t(term === 'collect' ? 'documentFreightCollect' : 'documentFreightPrepaid', {}, 'zh');

/** The columns of waybill/excel and bill/excel, one row per order (details blank while none is saved). */
const EXCEL_COLUMNS: ExcelColumn[] = [
  { header: '订单号', width: 16, value: (r) => r.order.orderNo },
  { header: '客户', width: 24, value: (r) => r.order.customerName },
  { header: '阶段', width: 10, value: (r) => r.stageName },
  { header: '运单号', width: 18, value: (r) => r.order.waybillNo, kind: 'waybill' },
  { header: '提单号', width: 18, value: (r) => r.order.billOfLadingNo, kind: 'bill' },
  { header: '发货人', width: 28, value: doc((d) => d.shipper) },
  { header: '收货人', width: 28, value: doc((d) => d.consignee) },
  { header: '通知方', width: 20, value: doc((d) => d.notifyParty) },
  { header: '始发地', width: 16, value: doc((d) => d.placeFrom), kind: 'waybill' },
  { header: '目的地', width: 16, value: doc((d) => d.placeTo), kind: 'waybill' },
  { header: '装货港', width: 16, value: doc((d) => d.placeFrom), kind: 'bill' },
  { header: '卸货港', width: 16, value: doc((d) => d.placeTo), kind: 'bill' },
  { header: '航班号', width: 10, value: (r) => r.order.flightNo, kind: 'waybill' },
  { header: '船名航次', width: 18, value: (r) => r.document?.vesselVoyage ?? r.order.vesselVoyage, kind: 'bill' },
  { header: '柜号', width: 14, value: (r) => r.order.containerNo, kind: 'bill' },
  { header: '封条号', width: 12, value: (r) => r.order.sealNo, kind: 'bill' },
  { header: '货物描述', width: 28, value: doc((d) => d.goodsDescription) },
  { header: '唛头', width: 20, value: doc((d) => d.marks) },
  { header: '件数', width: 8, value: (r) => r.order.packages },
  { header: '毛重(kg)', width: 10, value: (r) => r.order.grossWeight },
  { header: '体积(cbm)', width: 10, value: (r) => r.order.volume },
  { header: '计费重(kg)', width: 10, value: (r) => r.order.chargeableWeight },
  { header: '运费条款', width: 10, value: doc((d) => freightText(d.freightTerm)) },
  { header: '正本份数', width: 8, value: doc((d) => d.numberOfOriginals), kind: 'bill' },
  { header: '签发日期', width: 12, value: doc((d) => (d.issuedAt ? shanghaiDay(d.issuedAt) : null)) },
  { header: 'ETD', width: 17, value: (r) => shanghaiMinute(r.order.etd) },
  { header: 'ETA', width: 17, value: (r) => shanghaiMinute(r.order.eta) },
  { header: '备注', width: 24, value: doc((d) => d.remark) },
];

/**
 * The list export's sheet in a streaming workbook (common/xlsx.ts: rows leave as they are committed, no
 * styles, which cost about two thirds of the writing time).
 */
export function documentListSheet(kind: DocumentKind, workbook: WorkbookWriter) {
  const columns = EXCEL_COLUMNS.filter((c) => !c.kind || c.kind === kind);
  const sheet = workbook.addWorksheet(t(DOCUMENT_KIND[kind].label, {}, 'zh'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  return {
    sheet,
    addRow: (row: DocumentRow) => sheet.addRow(columns.map((c) => c.value(row) ?? null)).commit(),
  };
}

// ---------------------------------------------------------------- the printable document

const THIN: Partial<ExcelJS.Border> = { style: 'thin' };
const BOX: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const LABEL_FONT: Partial<ExcelJS.Font> = { size: 8, color: { argb: 'FF555555' } };

/**
 * One waybill or bill of lading laid out for printing on A4 (six columns, boxes as on the paper forms):
 * parties, route, the goods table, freight, issue and signature. Written as a stream like the lists.
 */
export async function writePrintableDocument(kind: DocumentKind, row: DocumentRow & { document: SheetDocument }, stream: Writable): Promise<void> {
  const { order, document: d } = row;
  const bill = kind === 'bill';
  const workbook = await workbookWriter(stream, { styles: true });
  const sheet = workbook.addWorksheet(t(DOCUMENT_KIND[kind].label, {}, 'zh'), {
    pageSetup: {
      paperSize: 9,
      orientation: 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
  });
  sheet.columns = [18, 16, 16, 16, 16, 16].map((width) => ({ width }));
  let rowNo = 0;
  /** A row of boxes: each [label, value, columns spanned]; the label small above the value. */
  const boxes = (cells: [string, string | number | null | undefined, number][], height = 36) => {
    rowNo++;
    const r = sheet.getRow(rowNo);
    r.height = height;
    let col = 1;
    for (const [label, value, span] of cells) {
      const cell = r.getCell(col);
      cell.value = {
        richText: [
          { text: `${label}\n`, font: LABEL_FONT },
          { text: value === null || value === undefined ? '' : String(value), font: { size: 10 } },
        ],
      };
      cell.alignment = { wrapText: true, vertical: 'top' };
      for (let c = col; c < col + span; c++) r.getCell(c).border = BOX;
      if (span > 1) sheet.mergeCells(rowNo, col, rowNo, col + span - 1);
      col += span;
    }
    r.commit();
  };
  const line = (text: string, font: Partial<ExcelJS.Font>, height = 24) => {
    rowNo++;
    const r = sheet.getRow(rowNo);
    r.height = height;
    r.getCell(1).value = text;
    r.getCell(1).font = font;
    r.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
    sheet.mergeCells(rowNo, 1, rowNo, 6);
    r.commit();
  };

  line(bill ? 'BILL OF LADING  海运提单' : 'AIR WAYBILL  航空运单', { size: 16, bold: true }, 30);
  boxes(
    [
      [bill ? 'B/L No. 提单号' : 'Waybill No. 运单号', bill ? order.billOfLadingNo : order.waybillNo, 3],
      ['Order No. 订单号', order.orderNo, 3],
    ],
    30,
  );
  boxes([['Shipper 发货人', d.shipper, 6]], 54);
  boxes([['Consignee 收货人', d.consignee, 6]], 54);
  boxes([['Notify party 通知方', d.notifyParty, 6]], 40);
  boxes([
    [bill ? 'Port of loading 装货港' : 'Airport of departure 始发地', d.placeFrom, 3],
    [bill ? 'Port of discharge 卸货港' : 'Airport of destination 目的地', d.placeTo, 3],
  ]);
  boxes([
    [bill ? 'Vessel / voyage 船名航次' : 'Flight 航班号', bill ? (d.vesselVoyage ?? order.vesselVoyage) : order.flightNo, 2],
    ['ETD', shanghaiMinute(order.etd), 2],
    ['ETA', shanghaiMinute(order.eta), 2],
  ]);
  if (bill)
    boxes([
      ['Container No. 柜号', order.containerNo, 3],
      ['Seal No. 封条号', order.sealNo, 3],
    ]);
  boxes(
    [
      ['Marks 唛头', d.marks, 1],
      ['Packages 件数', order.packages, 1],
      ['Description of goods 货物描述', d.goodsDescription, 2],
      ['Gross weight 毛重 (kg)', order.grossWeight, 1],
      [bill ? 'Measurement 体积 (cbm)' : 'Chargeable 计费重 (kg)', bill ? order.volume : order.chargeableWeight, 1],
    ],
    80,
  );
  boxes([
    ['Freight 运费', freightText(d.freightTerm), 2],
    [bill ? 'Originals 正本份数' : 'Volume 体积 (cbm)', bill ? d.numberOfOriginals : order.volume, 2],
    ['Date of issue 签发日期', d.issuedAt ? shanghaiDay(d.issuedAt) : '', 2],
  ]);
  boxes([['Remark 备注', d.remark, 6]], 40);
  boxes([['Signature of the carrier or its agent 承运人或其代理签字', '\n\n____________________________', 6]], 60);
  sheet.commit();
  await workbook.commit();
}
