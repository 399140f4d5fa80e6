// Real files for the upload tests: valid tiny images, a PDF and a workbook, and the dangerous kinds an
// attacker would try (pages, scripts, vector images, a page with an image's name or signature).
import { strToU8, zipSync } from 'fflate';
import { workbookFile } from './xlsx.js';

const base64 = (text: string) => Buffer.from(text, 'base64');

/** A 1×1 PNG. */
export const PNG = base64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==');
/** A 1×1 JPEG. */
export const JPEG = base64(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
);
/** A 1×1 GIF. */
export const GIF = base64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
/** A 1×1 lossless WebP. */
export const WEBP = base64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');

/** A one-page PDF saying `text`. */
export function pdf(text = 'Voucher'): Buffer {
  const stream = `BT /F1 24 Tf 20 80 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A workbook with one sheet and a row. */
export async function xlsx(): Promise<Buffer> {
  return workbookFile('付款', [['金额', 100]]);
}

/** The start of an OLE compound file (legacy .xls/.doc), padded to its first sector. */
export const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);

/** Bytes of no format file-type knows, as a BarTender label template's (.btw) are. */
export const BTW = Buffer.from([0x42, 0x54, 0x57, 0x00, 0xff, 0x10, 0x20]);

/** A zip archive holding `entries` uncompressed: the container of XLSX and DOCX files, or of anything else. */
export function zipOf(entries: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, strToU8(text)])), { level: 0 }));
}

/** A Word document (DOCX): an Office zip like a workbook, but no workbook. */
export const DOCX = zipOf({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
});

/** A macro-enabled workbook (XLSM): a workbook's parts, but a package that may carry macros. */
export const XLSM = zipOf({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>',
  'xl/worksheets/sheet1.xml':
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>订单号</t></is></c></row></sheetData></worksheet>',
});

const SCRIPT = '<script>fetch("/api/v1/user/info",{headers:{Authorization:"Bearer "+localStorage.token}})</script>';

/** Content that must never be stored: each would run script if a browser rendered it from our origin. */
export const DANGEROUS: { kind: string; name: string; type: string; content: Buffer }[] = [
  { kind: 'an HTML page', name: 'page.html', type: 'text/html', content: Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`) },
  {
    kind: 'an SVG image with a script',
    name: 'logo.svg',
    type: 'image/svg+xml',
    content: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`),
  },
  {
    kind: 'an XML document (XHTML namespace)',
    name: 'data.xml',
    type: 'application/xml',
    content: Buffer.from(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`),
  },
  { kind: 'a script', name: 'app.js', type: 'application/javascript', content: Buffer.from('alert(document.cookie)') },
  { kind: 'an HTML page named .png', name: 'photo.png', type: 'image/png', content: Buffer.from(`<html>${SCRIPT}</html>`) },
  { kind: 'an HTML page declared as PDF', name: 'invoice.pdf', type: 'application/pdf', content: Buffer.from(`<html>${SCRIPT}</html>`) },
  { kind: 'plain text', name: 'notes.txt', type: 'text/plain', content: Buffer.from('装箱单 packing list') },
  {
    kind: 'a GIF signature followed by a page (polyglot)',
    name: 'pixel.gif',
    type: 'image/gif',
    content: Buffer.concat([GIF, Buffer.from(`<html>${SCRIPT}</html>`)]),
  },
  {
    kind: 'a PDF carrying a page (polyglot)',
    name: 'scan.pdf',
    type: 'application/pdf',
    content: Buffer.concat([pdf(), Buffer.from(`<html><body>${SCRIPT}</body></html>`)]),
  },
];

/** Content that is no workbook, however it is named: each must be refused by the imports before it is read. */
export const NOT_WORKBOOKS: { kind: string; content: Buffer }[] = [
  ...DANGEROUS.map(({ kind, content }) => ({ kind, content })),
  { kind: 'a Word document', content: DOCX },
  { kind: 'a macro-enabled workbook', content: XLSM },
  { kind: 'a zip holding a page', content: zipOf({ 'index.html': `<html>${SCRIPT}</html>` }) },
  { kind: 'a legacy Office file', content: CFB },
];
