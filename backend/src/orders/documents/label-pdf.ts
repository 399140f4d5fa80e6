import { type LabelTemplate } from '@forwarder/domain';
import bwipjs from 'bwip-js';
import {
  fill,
  PDFDocument,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { drawableText, embedLabelFont, finishLabelFonts } from './label-fonts.js';
import { labelCode, labelQrText, type PackageLabel } from './package-label.js';

export { labelCode, labelQrText, type PackageLabel } from './package-label.js';

/** 100 mm in PDF points (1 pt = 1/72 in). */
export const LABEL_SIZE_PT = (100 / 25.4) * 72;
const MM = 72 / 25.4;

type Rectangle = [x: number, y: number, width: number, height: number];

/** Filled rectangles as raw PDF operators: one fill for a whole code, fast and sharp at any print size. */
function drawRectangles(page: PDFPage, rectangles: Rectangle[]) {
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (const [x, y, w, h] of rectangles)
    ops.push(
      PDFOperator.of(
        PDFOperatorNames.AppendRectangle,
        [x, y, w, h].map((n) => PDFNumber.of(n)),
      ),
    );
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
    for (let col = 0; col < modules.size;) {
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
  const drawable = drawableText(text, font);
  let fit = size;
  while (fit > 6 && font.widthOfTextAtSize(drawable, fit) > width) fit -= 0.5;
  page.drawText(drawable, { x: (LABEL_SIZE_PT - font.widthOfTextAtSize(drawable, fit)) / 2, y, size: fit, font });
}

/** The lines under the code, bold or not, top to bottom, as printed (an empty line is left blank). */
export function labelLines(label: PackageLabel): { text: string; bold: boolean; size: number }[] {
  const destination = [label.destinationCode, label.destinationName, label.destinationNameEn].filter(Boolean).join(' ');
  return [
    { text: label.orderNo, bold: true, size: 18 },
    { text: `${label.index} / ${label.total}`, bold: true, size: 16 },
    { text: label.shippingMark, bold: false, size: 12 },
    { text: label.consignee ? `收货人 ${label.consignee}` : '', bold: false, size: 11 },
    { text: `品名 ${label.goodsName}`, bold: false, size: 11 },
    { text: destination ? `目的港 ${destination}` : '', bold: false, size: 11 },
  ];
}

/**
 * A print-ready PDF: one 100 × 100 mm page per package label, with a QR code of the tracking link and
 * package number (labelQrText), or a Code 128 barcode of `{orderNo}-{index}` under the link as text (drawn as vector rectangles: sharp on any printer, and ten times faster than
 * embedding a PNG per label), then the order number, index/total, shipping mark, consignee, goods and
 * destination in Noto Sans Hans (label-fonts.ts: Chinese prints as Chinese, and stays searchable text).
 */
export async function labelPdf(labels: PackageLabel[], template: LabelTemplate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Package labels');
  pdf.setCreator('Forwarder Back Office');
  const lines = labels.map(labelLines);
  const textOf = (bold: boolean) => [...new Set(lines.flatMap((ls) => ls.filter((l) => l.bold === bold).map((l) => l.text)).join(''))].join('');
  const regular = await embedLabelFont(pdf, 'regular', `${textOf(false)}${labels.map((l) => `${labelCode(l)}${l.trackingUrl ?? ''}`).join('')}`);
  const bold = await embedLabelFont(pdf, 'bold', textOf(true));
  for (const [i, label] of labels.entries()) {
    const page = pdf.addPage([LABEL_SIZE_PT, LABEL_SIZE_PT]);
    if (template === 'qrCode') {
      const side = 46 * MM;
      drawRectangles(page, qrRectangles(labelQrText(label), (LABEL_SIZE_PT - side) / 2, LABEL_SIZE_PT - 2 * MM, side));
    } else {
      // the package number in bars for the scanner; the tracking link above them, as text, for people
      if (label.trackingUrl) centred(page, regular, label.trackingUrl, 93 * MM, 9);
      drawRectangles(page, code128Rectangles(labelCode(label), 7 * MM, 60 * MM, 86 * MM, 30 * MM));
      centred(page, regular, labelCode(label), 54.5 * MM, 11);
    }
    // baselines 8 mm apart from 46 mm down to 6 mm: below the code's bottom edge (52 mm)
    lines[i].forEach((line, n) => {
      if (line.text) centred(page, line.bold ? bold : regular, line.text, (46 - 8 * n) * MM, line.size);
    });
  }
  await finishLabelFonts(pdf, [regular, bold]);
  return pdf.save();
}
