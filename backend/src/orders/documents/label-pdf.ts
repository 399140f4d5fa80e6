import bwipjs from 'bwip-js';
import { fill, PDFDocument, PDFNumber, PDFOperator, PDFOperatorNames, popGraphicsState, pushGraphicsState, setFillingRgbColor, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { LabelTemplateName } from './order-documents.dto.js';

/** One package label: `{orderNo}-{index}` is what the code encodes. */
export interface PackageLabel {
  orderNo: string;
  index: number;
  total: number;
  shippingMark: string;
  destinationCode: string;
  destinationName: string;
  /** the destination in Latin letters (the PDF's fonts have no Chinese) */
  destinationNameEn: string;
}

export const labelCode = (label: Pick<PackageLabel, 'orderNo' | 'index'>) => `${label.orderNo}-${label.index}`;

/** 100 mm in PDF points (1 pt = 1/72 in). */
export const LABEL_SIZE_PT = (100 / 25.4) * 72;
const MM = 72 / 25.4;

/**
 * Text the PDF's standard fonts can draw (WinAnsi): full-width forms and accented letters become their
 * plain ASCII letters (NFKD), anything else (Chinese) a '?', so a Chinese mark never breaks the print.
 * The order number and the code are ASCII anyway: they carry the label.
 */
export function printableAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

type Rectangle = [x: number, y: number, width: number, height: number];

/** Filled rectangles as raw PDF operators: one fill for a whole code, fast and sharp at any print size. */
function drawRectangles(page: PDFPage, rectangles: Rectangle[]) {
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (const [x, y, w, h] of rectangles) ops.push(PDFOperator.of(PDFOperatorNames.AppendRectangle, [x, y, w, h].map((n) => PDFNumber.of(n))));
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

/** A QR code of `side` points (quiet zone included) with its top left corner at (x, top): the dark modules, row by row in runs. */
export function qrRectangles(text: string, x: number, top: number, side: number): Rectangle[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 1;
  const unit = side / (modules.size + 2 * quiet);
  const runs: Rectangle[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < modules.size && modules.get(row, end)) end++;
      runs.push([x + (quiet + col) * unit, top - (quiet + row + 1) * unit, (end - col) * unit, unit]);
      col = end;
    }
  }
  return runs;
}

/** A Code 128 barcode `width` × `height` points from (x, bottom): bwip-js encodes, the bars come from its bar/space widths. */
export function code128Rectangles(text: string, x: number, bottom: number, width: number, height: number): Rectangle[] {
  const [{ sbs }] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
  const unit = width / sbs.reduce((sum, w) => sum + w, 0);
  const bars: Rectangle[] = [];
  let at = x;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) bars.push([at, bottom, w * unit, height]);
    at += w * unit;
  });
  return bars;
}

/** Writes `text` at the largest size up to `size` that fits `width`, centred. */
function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, width = LABEL_SIZE_PT - 10 * MM) {
  const ascii = printableAscii(text);
  let fit = size;
  while (fit > 6 && font.widthOfTextAtSize(ascii, fit) > width) fit -= 0.5;
  page.drawText(ascii, { x: (LABEL_SIZE_PT - font.widthOfTextAtSize(ascii, fit)) / 2, y, size: fit, font });
}

/**
 * A print-ready PDF: one 100 × 100 mm page per package label, with a QR code or a Code 128 barcode of
 * `{orderNo}-{index}` (drawn as vector rectangles: sharp on any printer, and ten times faster than
 * embedding a PNG per label), the order number, index/total, the shipping mark and the destination.
 */
export async function labelPdf(labels: PackageLabel[], template: LabelTemplateName): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Package labels');
  pdf.setCreator('Forwarder Back Office');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const label of labels) {
    const page = pdf.addPage([LABEL_SIZE_PT, LABEL_SIZE_PT]);
    if (template === 'qrCode') {
      const side = 50 * MM;
      drawRectangles(page, qrRectangles(labelCode(label), (LABEL_SIZE_PT - side) / 2, LABEL_SIZE_PT - 4 * MM, side));
    } else {
      drawRectangles(page, code128Rectangles(labelCode(label), 7 * MM, LABEL_SIZE_PT - 36 * MM, 86 * MM, 28 * MM));
      centred(page, regular, labelCode(label), LABEL_SIZE_PT - 42 * MM, 11);
    }
    centred(page, bold, label.orderNo, 36 * MM, 20);
    centred(page, bold, `${label.index} / ${label.total}`, 27 * MM, 18);
    centred(page, regular, label.shippingMark, 19 * MM, 12);
    centred(page, regular, [label.destinationCode, label.destinationNameEn].filter(Boolean).join(' '), 11 * MM, 12);
  }
  return pdf.save();
}
