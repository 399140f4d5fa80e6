// The label PDF read by three readers: poppler (pdffonts, pdftotext), pdf.js (Firefox's viewer) and, in
// e2e/order-documents.e2e.ts, Chromium. Each must find the Chinese text as printed and draw it with the
// embedded font's own glyphs.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { labelPdf, type PackageLabel } from './label-pdf.js';

const run = promisify(execFile);

const chinese: PackageLabel = {
  orderNo: 'DL2611220001',
  index: 1,
  total: 2,
  shippingMark: '张晓明-唛头',
  destinationCode: 'CNSZX',
  destinationName: '深圳',
  destinationNameEn: 'Shenzhen',
  consignee: '王小明 深圳市南山区',
  goodsName: '蓝牙耳机',
  trackingUrl: null,
};
const LINES = ['DL2611220001', '1 / 2', '张晓明-唛头', '收货人 王小明 深圳市南山区', '品名 蓝牙耳机', '目的港 CNSZX 深圳 Shenzhen'];

let dir: string;
let file: string;
let bytes: Uint8Array;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'label-pdf-'));
  file = path.join(dir, 'labels.pdf');
  bytes = await labelPdf([chinese], 'qrCode');
  await writeFile(file, bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the label PDF in poppler', () => {
  it('declares each font as the bare CFF it embeds (CIDFontType0C, not an OpenType file under a TrueType or CFF name)', async () => {
    const { stdout, stderr } = await run('pdffonts', [file]);
    const fonts = stdout.split('\n').filter((line) => line.startsWith('NotoSansHans'));
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect(font).toMatch(/CID Type 0C\s+Identity-H\s+yes\s+no\s+yes/);
    expect(stderr).toBe('');
  });

  it('extracts the Chinese lines as printed, with no complaint about the fonts', async () => {
    const { stdout, stderr } = await run('pdftotext', [file, '-']);
    expect(
      stdout
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ).toEqual(LINES.map((line) => line.replace(' / ', '/')));
    expect(stderr).toBe('');
  });
});

describe('the label PDF in pdf.js', () => {
  it('loads the embedded CID-keyed CFF fonts and finds every character drawn among their glyphs', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: bytes.slice(), fontExtraProperties: true, useSystemFonts: false, verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    const text = await page.getTextContent();
    expect(text.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean)).toEqual(LINES);

    const { fnArray, argsArray } = await page.getOperatorList();
    const fontIds = new Set(argsArray.filter((_, i) => fnArray[i] === pdfjs.OPS.setFont).map((args) => args[0] as string));
    for (const id of fontIds) expect(page.commonObjs.get(id)).toMatchObject({ type: 'CIDFontType0', subtype: 'CIDFontType0C', missingFile: false });
    // each code drawn maps, through the font's charset, to a glyph of the font (else pdf.js draws another glyph or none)
    const glyphs = argsArray.filter((_, i) => fnArray[i] === pdfjs.OPS.showText).flatMap((args) => args[0] as { unicode: string; isInFont: boolean }[]);
    expect(glyphs.map((glyph) => glyph.unicode).join('')).toBe(LINES.join(''));
    expect(glyphs.filter((glyph) => !glyph.isInFont && glyph.unicode !== ' ').map((glyph) => glyph.unicode)).toEqual([]);
    await doc.destroy();
  });
});
