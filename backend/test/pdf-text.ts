// Reads back what a PDF's pages say, through each font's ToUnicode map, the way a viewer's text
// selection and search do: proof that the text is embedded as text (not as shapes) and encoded.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

export interface PdfFont {
  /** the resource name, e.g. F1 */
  resource: string;
  baseFont: string;
  /** a font program is in the file (FontFile, FontFile2 or FontFile3) */
  embedded: boolean;
  toUnicode: boolean;
}

const latin1 = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
const hexToText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** The ToUnicode CMap as code (hex of the drawn string's bytes, 2 bytes a glyph) → text. */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code, 16), hexToText(text));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, rest] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g)) {
      const start = parseInt(from, 16);
      const end = parseInt(to, 16);
      if (rest.startsWith('[')) [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].forEach(([, text], i) => map.set(start + i, hexToText(text)));
      else for (let code = start, base = parseInt(rest.slice(1, -1), 16); code <= end; code++, base++) map.set(code, String.fromCodePoint(base));
    }
  }
  return map;
}

export async function readPdf(bytes: Uint8Array): Promise<{ fonts: PdfFont[]; pages: string[][] }> {
  const pdf = await PDFDocument.load(bytes);
  const look = <T extends PDFObject>(object: PDFObject | undefined) => (object ? (pdf.context.lookup(object) as T) : undefined);
  const fonts = new Map<string, PdfFont & { map: Map<number, string> | null }>();
  const pages = pdf.getPages().map((page) => {
    const resources = page.node.Resources();
    const fontDict = look<PDFDict>(resources?.get(PDFName.of('Font')));
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = look<PDFDict>(ref)!;
      const descendant = look<PDFDict>(look<PDFArray>(font.get(PDFName.of('DescendantFonts')))?.get(0));
      const descriptor = look<PDFDict>((descendant ?? font).get(PDFName.of('FontDescriptor')));
      const toUnicode = look<PDFRawStream>(font.get(PDFName.of('ToUnicode')));
      fonts.set(name.decodeText(), {
        resource: name.decodeText(),
        baseFont: String(font.get(PDFName.of('BaseFont'))).replace(/^\//, ''),
        embedded: ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key))),
        toUnicode: !!toUnicode,
        map: toUnicode ? unicodeMap(latin1(toUnicode)) : null,
      });
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => look<PDFRawStream>(ref)!) : [contents as unknown as PDFRawStream];
    const content = streams.map(latin1).join('\n');
    const lines: string[] = [];
    let current: Map<number, string> | null = null;
    for (const [, fontName, hex] of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (fontName) current = fonts.get(fontName)?.map ?? null;
      else if (hex !== undefined)
        lines.push(current ? (hex.match(/.{4}/g) ?? []).map((code) => current!.get(parseInt(code, 16)) ?? '\uFFFD').join('') : '\uFFFD');
    }
    return lines;
  });
  return { fonts: [...fonts.values()].map(({ map: _, ...font }) => font), pages };
}
