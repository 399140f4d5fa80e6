import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { code128Rectangles, labelPdf, LABEL_SIZE_PT, printableAscii, qrRectangles, type PackageLabel } from './label-pdf.js';

const label = (index: number, total: number, over: Partial<PackageLabel> = {}): PackageLabel => ({
  orderNo: 'DL2611220001',
  index,
  total,
  shippingMark: 'ZXMD-DL2611220001',
  destinationCode: 'DEHAM',
  destinationName: '汉堡',
  destinationNameEn: 'Hamburg',
  ...over,
});

describe('label PDF', () => {
  it('prints only what the standard fonts can draw: accents and full-width forms folded, the rest ?', () => {
    expect(printableAscii('张晓明-SB2611220001')).toBe('???-SB2611220001');
    expect(printableAscii('Hafenstraße Zürich ＡＢＣ１')).toBe('Hafenstra?e Zurich ABC1');
  });

  it('draws every dark module of the QR code of the text, inside the square asked for', () => {
    const { modules } = QRCode.create('DL2611220001-1', { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    const rectangles = qrRectangles('DL2611220001-1', 10, 110, 100);
    const unit = 100 / (modules.size + 2);
    expect(rectangles.reduce((sum, [, , w]) => sum + w / unit, 0)).toBeCloseTo(dark, 6);
    for (const [x, y, w, h] of rectangles) {
      expect(x).toBeGreaterThanOrEqual(10 + unit - 1e-9);
      expect(x + w).toBeLessThanOrEqual(110 - unit + 1e-9);
      expect(y).toBeGreaterThanOrEqual(10 + unit - 1e-9);
      expect(y + h).toBeLessThanOrEqual(110 - unit + 1e-9);
    }
  });

  it('draws the bars of Code 128 (start B … stop) across the width asked for', () => {
    const [{ sbs }] = bwipjs.raw('code128', 'DL2611220001-1', {}) as { sbs: number[] }[];
    expect(sbs.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(sbs.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    const bars = code128Rectangles('DL2611220001-1', 20, 5, 240, 60);
    expect(bars).toHaveLength((sbs.length + 1) / 2);
    expect(bars[0][0]).toBe(20);
    const [x, , w] = bars[bars.length - 1];
    expect(x + w).toBeCloseTo(260, 6);
    expect(bars.every(([, y, , h]) => y === 5 && h === 60)).toBe(true);
  });

  it.each(['qrCode', 'barCode'] as const)('draws one 100 mm square page per label with a %s, whatever the mark', async (template) => {
    const bytes = await labelPdf([label(1, 2), label(2, 2, { shippingMark: '张晓明-唛头', destinationNameEn: 'Hambourg é' })], template);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: LABEL_SIZE_PT, height: LABEL_SIZE_PT });
    expect(LABEL_SIZE_PT).toBeCloseTo(283.46, 2);
  });
});
