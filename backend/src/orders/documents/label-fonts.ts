import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFArray, PDFDict, PDFName, type PDFDocument, type PDFFont, type PDFRef } from 'pdf-lib';
import subsetFont from 'subset-font';
import { cidKeyedCff } from './cff-font.js';

/**
 * The labels' font: Noto Sans Hans (Simplified Chinese, the GB2312 characters, with Latin letters and
 * digits), shipped by the npm package @embedpdf/fonts-sc, so nothing is downloaded at run time. Each
 * PDF embeds only the glyphs its labels use: harfbuzz (subset-font) cuts them out, since pdf-lib's own
 * subsetting breaks this CFF font (the viewers then draw empty boxes). The program is embedded as a bare,
 * CID-keyed CFF (cff-font.ts), as the font's declaration (CIDFontType0, FontFile3 CIDFontType0C) says.
 */
export const LABEL_FONT_PACKAGE = '@embedpdf/fonts-sc';
const FILES = { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' } as const;
export type LabelWeight = keyof typeof FILES;

const fontDir = () => path.join(path.dirname(createRequire(import.meta.url).resolve(LABEL_FONT_PACKAGE)), '..', 'fonts');
/** The whole fonts (about 8 MB each), read once per process when the first labels are drawn. */
const loaded = new Map<LabelWeight, Promise<Buffer>>();
function fontFile(weight: LabelWeight): Promise<Buffer> {
  let file = loaded.get(weight);
  if (!file) {
    file = readFile(path.join(fontDir(), FILES[weight]));
    // a failed read is tried again by the next PDF
    file.catch(() => loaded.delete(weight));
    loaded.set(weight, file);
  }
  return file;
}

/** The bare CFF program of each embedded font, put in place of pdf-lib's by `finishLabelFonts`. */
const programs = new WeakMap<PDFFont, Uint8Array>();

/** Embeds the font of `weight` cut down to the characters of `text` (plus '?' and the space, drawn for what it lacks or cannot show). */
export async function embedLabelFont(pdf: PDFDocument, weight: LabelWeight, text: string): Promise<PDFFont> {
  pdf.registerFontkit(fontkit);
  const subset = await subsetFont(await fontFile(weight), `${text}? `, { targetFormat: 'sfnt' });
  const font = await pdf.embedFont(subset, { subset: false });
  programs.set(font, cidKeyedCff(subset));
  return font;
}

/**
 * Writes the fonts into the document once every page is drawn (before `save`), declared as what they
 * are: pdf-lib takes this CFF font for TrueType (CIDFontType2, FontFile2) and embeds the OpenType file
 * as is, which readers either guess right (poppler, recent pdf.js) or draw as garbage (older pdf.js).
 * Here each is a CIDFontType0 whose FontFile3 (Subtype CIDFontType0C) is the bare CFF program.
 */
export async function finishLabelFonts(pdf: PDFDocument, fonts: PDFFont[]): Promise<void> {
  for (const font of fonts) {
    await font.embed();
    const type0 = pdf.context.lookup(font.ref, PDFDict);
    const cidFont = pdf.context.lookup(type0.lookup(PDFName.of('DescendantFonts'), PDFArray).get(0), PDFDict);
    cidFont.set(PDFName.of('Subtype'), PDFName.of('CIDFontType0'));
    cidFont.delete(PDFName.of('CIDToGIDMap'));
    const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const file = (descriptor.get(PDFName.of('FontFile2')) ?? descriptor.get(PDFName.of('FontFile3'))) as PDFRef;
    pdf.context.assign(file, pdf.context.flateStream(programs.get(font)!, { Subtype: 'CIDFontType0C' }));
    descriptor.delete(PDFName.of('FontFile2'));
    descriptor.set(PDFName.of('FontFile3'), file);
  }
}

/**
 * Text the font can draw: line breaks and other control characters become spaces, and a character the
 * font lacks (outside GB2312, an emoji) a '?', so a rare character never prints as an empty box.
 */
export function drawableText(text: string, font: PDFFont): string {
  const known = characterSets.get(font) ?? new Set(font.getCharacterSet());
  characterSets.set(font, known);
  // eslint-disable-next-line no-control-regex -- control characters print as nothing on a label: a space instead
  return Array.from(text.replace(/[\u0000-\u001f\u007f]+/g, ' '), (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}
const characterSets = new WeakMap<PDFFont, Set<number>>();
