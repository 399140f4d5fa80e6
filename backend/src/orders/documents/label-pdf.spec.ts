import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { readPdf } from '../../../test/pdf-text.js';
import { code128Rectangles, labelLines, labelPdf, labelQrText, LABEL_SIZE_PT, qrRectangles, type PackageLabel } from './label-pdf.js';

const label = (index: number, total: number, over: Partial<PackageLabel> = {}): PackageLabel => ({
  orderNo: 'DL2611220001',
  index,
  total,
  shippingMark: 'ZXMD-DL2611220001',
  destinationCode: 'DEHAM',
  destinationName: '汉堡',
  destinationNameEn: 'Hamburg',
  consignee: 'Hafen GmbH',
  goodsName: 'Furniture',
  trackingUrl: null,
  ...over,
});

describe('label PDF', () => {
  it('prints the Chinese consignee and goods in an embedded, subsetted CJK font, as text a viewer can search', async () => {
    const chinese = label(1, 1, {
      shippingMark: '张晓明-唛头',
      consignee: '王小明 深圳市南山区',
      goodsName: '蓝牙耳机',
      destinationCode: 'CNSZX',
      destinationName: '深圳',
      destinationNameEn: 'Shenzhen',
    });
    const bytes = await labelPdf([chinese], 'qrCode');
    const { fonts, pages } = await readPdf(bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatchObject({ baseFont: expect.stringContaining('NotoSansHans'), embedded: true, toUnicode: true });
    expect(pages[0]).toEqual(['DL2611220001', '1 / 1', '张晓明-唛头', '收货人 王小明 深圳市南山区', '品名 蓝牙耳机', '目的港 CNSZX 深圳 Shenzhen']);
    // only the glyphs used: the whole font is over 8 MB
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('prints a character the font lacks as ?, and line breaks as spaces', async () => {
    const { pages } = await readPdf(await labelPdf([label(1, 1, { consignee: '𠀀王\n小明', goodsName: '耳机😀' })], 'barCode'));
    expect(pages[0]).toEqual(['DL2611220001-1', 'DL2611220001', '1 / 1', 'ZXMD-DL2611220001', '收货人 ?王 小明', '品名 耳机?', '目的港 DEHAM 汉堡 Hamburg']);
  });

  it('puts the tracking link and the package number in the QR code, and prints the link above the barcode', async () => {
    const url = 'https://track.example.com/t/AbCdEfGhIjKlMnOpQrStUv';
    expect(labelQrText(label(2, 3, { trackingUrl: url }))).toBe(`${url}?p=DL2611220001-2`);
    expect(labelQrText(label(2, 3))).toBe('DL2611220001-2');
    const { pages } = await readPdf(await labelPdf([label(1, 1, { trackingUrl: url })], 'barCode'));
    expect(pages[0].slice(0, 2)).toEqual([url, 'DL2611220001-1']);
  });

  it('leaves the consignee line blank when the order names none', () => {
    expect(labelLines(label(2, 3, { consignee: null })).map((line) => line.text)).toEqual([
      'DL2611220001',
      '2 / 3',
      'ZXMD-DL2611220001',
      '',
      '品名 Furniture',
      '目的港 DEHAM 汉堡 Hamburg',
    ]);
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
