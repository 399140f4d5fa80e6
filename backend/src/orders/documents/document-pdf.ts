import { shanghaiDay, shanghaiMinute } from '@forwarder/domain';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { t } from '../../common/messages.js';
import type { SheetDocument, SheetOrder } from './document-sheets.js';
import type { DocumentKind } from './document-kinds.js';
import { drawableText, embedLabelFont, finishLabelFonts } from './label-fonts.js';

/** A4 in points. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const LABEL_WIDTH = 170;
const SIZE = 10;
const LEADING = 14;

/** The fields of a released document as the customer's copy prints them: [label, value]. */
function documentFields(kind: DocumentKind, order: SheetOrder, d: SheetDocument): [string, string | number | null | undefined][] {
  const bill = kind === 'bill';
  const number = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return [
    [bill ? 'B/L No. 提单号' : 'Waybill No. 运单号', bill ? order.billOfLadingNo : order.waybillNo],
    ['Order No. 订单号', order.orderNo],
    ['Shipper 发货人', d.shipper],
    ['Consignee 收货人', d.consignee],
    ['Notify party 通知方', d.notifyParty],
    [bill ? 'Port of loading 装货港' : 'Airport of departure 始发地', d.placeFrom],
    [bill ? 'Port of discharge 卸货港' : 'Airport of destination 目的地', d.placeTo],
    [bill ? 'Vessel / voyage 船名航次' : 'Flight 航班号', bill ? (d.vesselVoyage ?? order.vesselVoyage) : order.flightNo],
    ['ETD / ETA', [shanghaiMinute(order.etd), shanghaiMinute(order.eta)].map((v) => v ?? '—').join(' / ')],
    ...(bill ? ([['Container / seal 柜号 / 封条号', [order.containerNo, order.sealNo].map((v) => v ?? '—').join(' / ')]] as [string, string][]) : []),
    ['Marks 唛头', d.marks],
    ['Packages 件数', number(order.packages)],
    ['Description of goods 货物描述', d.goodsDescription],
    ['Gross weight 毛重 (kg)', number(order.grossWeight)],
    [bill ? 'Measurement 体积 (cbm)' : 'Chargeable weight 计费重 (kg)', number(bill ? order.volume : order.chargeableWeight)],
    ['Freight 运费', t(d.freightTerm === 'collect' ? 'documentFreightCollect' : 'documentFreightPrepaid', {}, 'zh')],
    ...(bill ? ([['Originals 正本份数', number(d.numberOfOriginals)]] as [string, string | null][]) : []),
    ['Issued 签发日期', d.issuedAt ? shanghaiDay(d.issuedAt) : null],
  ];
}

/** Splits a text into lines no wider than `width` at the font's size (by character: Chinese has no spaces). */
function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const char of paragraph) {
      if (line && font.widthOfTextAtSize(line + char, SIZE) > width) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A released waybill or bill of lading as a one-column A4 PDF (the customer portal's download, docs/portal.md):
 * the title, then each field under its label, in the labels' font (Chinese included). Nothing internal.
 */
export async function documentPdf(kind: DocumentKind, order: SheetOrder, document: SheetDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = kind === 'bill' ? 'BILL OF LADING  海运提单' : 'AIR WAYBILL  航空运单';
  pdf.setTitle(`${title} ${order.orderNo}`);
  pdf.setCreator('Forwarder Back Office');
  // dated by the document, not the moment: the same document is the same file (its size is listed beforehand)
  const dated = document.issuedAt ?? new Date(0);
  pdf.setCreationDate(dated);
  pdf.setModificationDate(dated);
  const fields = documentFields(kind, order, document).map(([label, value]) => [
    label,
    value === null || value === undefined || value === '' ? '—' : String(value),
  ]);
  const font = await embedLabelFont(pdf, 'regular', `${title}${fields.flat().join('')}—/ `);
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  page.drawText(drawableText(title, font), { x: MARGIN, y, size: 16, font });
  y -= 30;
  for (const [label, value] of fields) {
    const lines = wrap(drawableText(value, font), font, A4[0] - 2 * MARGIN - LABEL_WIDTH);
    if (y - lines.length * LEADING < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
    page.drawText(drawableText(label, font), { x: MARGIN, y, size: SIZE - 1, font, color: rgb(0.35, 0.35, 0.35) });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + LABEL_WIDTH, y, size: SIZE, font });
      y -= LEADING;
    }
    y -= 4;
  }
  await finishLabelFonts(pdf, [font]);
  return pdf.save();
}
