/**
 * The bare CFF program of an OpenType/CFF font, made fit for a PDF's CIDFontType0 with Identity-H.
 *
 * A PDF may embed CFF outlines only as a bare CFF program (FontFile3, Subtype CIDFontType0C) or, from
 * PDF 1.6, as a whole OpenType file (Subtype OpenType). pdf-lib embeds the whole OpenType file but names
 * it CIDFontType0C, which readers take as a mismatch (poppler: "Mismatch between font type and embedded
 * font file") and read by guesswork. And with Identity-H the codes drawn are CIDs, which a CID-keyed CFF
 * maps to glyphs through its charset: pdf-lib writes glyph ids, while a subset of Noto Sans Hans keeps
 * the Adobe-GB1 CIDs of the whole font, so a reader that follows the charset draws other glyphs. Hence:
 * the CFF table cut out of the file, its charset rewritten so that the CID of each glyph is its id.
 */
export function cidKeyedCff(sfnt: Uint8Array): Uint8Array {
  const font = Buffer.from(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const tables = font.readUInt16BE(4);
  let cff: Buffer | null = null;
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    if (font.toString('latin1', record, record + 4) === 'CFF ') {
      const offset = font.readUInt32BE(record + 8);
      cff = Buffer.from(font.subarray(offset, offset + font.readUInt32BE(record + 12)));
    }
  }
  if (!cff) throw new Error('not an OpenType font with CFF outlines');
  identityCharset(cff);
  return new Uint8Array(cff.buffer, cff.byteOffset, cff.byteLength);
}

/** An INDEX at `at`: the offsets of its items (absolute, count + 1 of them). */
function index(cff: Buffer, at: number): { items: number[]; end: number } {
  const count = cff.readUInt16BE(at);
  if (!count) return { items: [], end: at + 2 };
  const size = cff[at + 2];
  const base = at + 3 + (count + 1) * size - 1;
  const items = Array.from({ length: count + 1 }, (_, i) => base + cff.readUIntBE(at + 3 + i * size, size));
  return { items, end: items[count] };
}

/** The operands of each operator of a DICT (integers only: the ones read here are offsets and counts). */
function dict(cff: Buffer, from: number, to: number): Map<number, number[]> {
  const entries = new Map<number, number[]>();
  let operands: number[] = [];
  for (let at = from; at < to;) {
    const b0 = cff[at];
    if (b0 <= 21) {
      const operator = b0 === 12 ? 1200 + cff[at + 1] : b0;
      at += b0 === 12 ? 2 : 1;
      entries.set(operator, operands);
      operands = [];
    } else if (b0 === 28) {
      operands.push(cff.readInt16BE(at + 1));
      at += 3;
    } else if (b0 === 29) {
      operands.push(cff.readInt32BE(at + 1));
      at += 5;
    } else if (b0 === 30) {
      // a real number: nibbles up to the end nibble 0xf
      do at++;
      while ((cff[at] & 0x0f) !== 0x0f && (cff[at] & 0xf0) !== 0xf0);
      at++;
      operands.push(NaN);
    } else if (b0 <= 246) {
      operands.push(b0 - 139);
      at += 1;
    } else if (b0 <= 250) {
      operands.push((b0 - 247) * 256 + cff[at + 1] + 108);
      at += 2;
    } else {
      operands.push(-(b0 - 251) * 256 - cff[at + 1] - 108);
      at += 2;
    }
  }
  return entries;
}

const CHARSET = 15;
const CHAR_STRINGS = 17;
const ROS = 1230;

/** Rewrites the charset in place as glyph i ↔ CID i (the new one is never longer than the old). */
function identityCharset(cff: Buffer) {
  const names = index(cff, cff[2]);
  const topDicts = index(cff, names.end);
  const top = dict(cff, topDicts.items[0], topDicts.items[1]);
  if (!top.has(ROS)) return; // a name-keyed font: codes are glyph ids already
  const glyphs = index(cff, top.get(CHAR_STRINGS)![0]).items.length - 1;
  const at = top.get(CHARSET)![0];
  const format = cff[at];
  if (format === 0) {
    for (let gid = 1; gid < glyphs; gid++) cff.writeUInt16BE(gid, at + 1 + 2 * (gid - 1));
    return;
  }
  let length = 1;
  for (let covered = 1; covered < glyphs;) {
    covered += (format === 1 ? cff[at + length + 2] : cff.readUInt16BE(at + length + 2)) + 1;
    length += format === 1 ? 3 : 4;
  }
  // one range from CID 1 covering every glyph after .notdef
  const left = glyphs - 2;
  if (length >= 5) {
    cff[at] = 2;
    cff.writeUInt16BE(1, at + 1);
    cff.writeUInt16BE(left, at + 3);
  } else if (left <= 255) {
    cff[at] = 1;
    cff.writeUInt16BE(1, at + 1);
    cff[at + 3] = left;
  } else throw new Error('CFF charset too short to rewrite');
}
