// Workbooks in the suites: written for the imports, and read back from the exports and templates the API answers.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import zlib from 'node:zlib';
import type { WorkbookLimits } from '../src/common/xlsx.js';
import { SETTINGS } from '../src/settings/settings.catalogue.js';

export async function readWorkbook(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  return workbook;
}

/** The cell values of every row, from column A. */
export function sheetValues(sheet: ExcelJS.Worksheet) {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** An xlsx file of one sheet holding `rows` (the first is usually the header row). */
export async function workbookFile(sheetName: string, rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet(sheetName).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * An attacker's workbook: a one-sheet xlsx (headers 订单号, a row) whose part `broken` has its compressed
 * data overwritten, names and sizes intact, so it passes for an xlsx; `without` a part removed as well.
 */
export async function corruptedWorkbook(broken: string, { without }: { without?: string } = {}): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await workbookFile('费用', [['订单号'], ['DL1']]));
  if (without) zip.remove(without);
  const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const name = Buffer.from(broken);
  const header = file.indexOf(name) - 30;
  const data = header + 30 + name.length + file.readUInt16LE(header + 28);
  file.fill(0xff, data, data + 16);
  return file;
}

/** A part's content built from pieces: `head`, then `unit` `times` over, then `tail` (never held whole). */
export interface RepeatedPart {
  head: string;
  unit: string;
  times: number;
  tail: string;
}

/**
 * A workbook bomb built in the test, never committed: the one-sheet workbook `rows` with each of `parts`
 * (path → content) replacing or added to its parts, deflated as it is produced, so a part of a gigabyte
 * costs a few MB of upload and no gigabyte of the test's memory. `declared` is the expanded size the
 * archive claims for each such part (default: the true size); a lie tests that the reader counts what it
 * inflates.
 */
export async function workbookBomb(rows: unknown[][], parts: Record<string, RepeatedPart>, { declared }: { declared?: number } = {}): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await workbookFile('费用', rows));
  const entries: ZipEntry[] = [];
  for (const name of Object.keys(zip.files)) {
    if (name in parts || zip.files[name].dir) continue;
    const raw = await zip.file(name)!.async('nodebuffer');
    entries.push({ name, data: zlib.deflateRawSync(raw), crc: zlib.crc32(raw), size: raw.length });
  }
  for (const [name, content] of Object.entries(parts))
    entries.push({ name, ...(await deflated(content)), ...(declared === undefined ? {} : { size: declared }) });
  return zipOf(entries);
}

interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

/** A part's content deflated as it is produced: its compressed bytes, CRC and expanded size. */
async function deflated(content: RepeatedPart): Promise<Omit<ZipEntry, 'name'>> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(content.head);
  // about a megabyte a write: one write per small unit would take minutes for a gigabyte
  const batch = Math.max(1, Math.min(content.times, Math.floor(2 ** 20 / content.unit.length)));
  const many = content.unit.repeat(batch);
  for (let done = 0; done < content.times; done += batch) await write(done + batch <= content.times ? many : content.unit.repeat(content.times - done));
  await write(content.tail);
  deflate.end();
  await ended;
  return { data: Buffer.concat(compressed), crc, size };
}

/** A zip archive of deflated entries, its sizes as given (zlib.crc32 needs Node 20.15). */
function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data, crc, size } of entries) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(fileName.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(header, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The workbook limits as an installation has them until an administrator changes them (system parameters import.*). */
export const DEFAULT_IMPORT_LIMITS: WorkbookLimits = {
  maxUncompressedMb: SETTINGS['import.maxUncompressedMb'].default,
  maxPartMb: SETTINGS['import.maxPartMb'].default,
  maxSharedStrings: SETTINGS['import.maxSharedStrings'].default,
  maxSharedStringsMb: SETTINGS['import.maxSharedStringsMb'].default,
  maxRows: SETTINGS['import.maxRows'].default,
  maxColumns: SETTINGS['import.maxColumns'].default,
  maxCellChars: SETTINGS['import.maxCellChars'].default,
};

const SHEET_XMLNS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A sheet part: its row 1 holds `headers` (inline strings), then `unit` `times` over, then the part's end. */
export function sheetPart(headers: string[], unit: string, times: number): RepeatedPart {
  const cells = headers.map((header, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${header}</t></is></c>`).join('');
  return { head: `<worksheet xmlns="${SHEET_XMLNS}"><sheetData><row r="1">${cells}</row>`, unit, times, tail: '</sheetData></worksheet>' };
}

/** A shared-strings part of `times` entries `<si><t>text</t></si>`. */
export function sharedStringsPart(text: string, times: number): RepeatedPart {
  return { head: `<sst xmlns="${SHEET_XMLNS}" count="${times}" uniqueCount="${times}">`, unit: `<si><t>${text}</t></si>`, times, tail: '</sst>' };
}

/**
 * An Office file whose `[Content_Types].xml` (the part a type sniffer inflates to tell docx from xlsx)
 * expands to `mb` MB from under a megabyte, declared as a kilobyte: what an upload's type check must not
 * inflate whole.
 */
export async function contentTypesBomb(mb: number): Promise<Buffer> {
  const types = await deflated({ head: '', unit: 'a'.repeat(1024 * 1024), times: mb, tail: '' });
  const document = Buffer.from('<w:document/>');
  return zipOf([
    { name: '[Content_Types].xml', ...types, size: 1000 },
    { name: 'word/document.xml', data: zlib.deflateRawSync(document), crc: zlib.crc32(document), size: document.length },
  ]);
}
