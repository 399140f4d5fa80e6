import { Logger, type StreamableFile } from '@nestjs/common';
import type ExcelJS from 'exceljs';
import { Readable, type Writable } from 'node:stream';
import { streamedDownload, XLSX_TYPE } from './download.js';
import { drained } from './streams.js';

/**
 * exceljs, loaded on the first workbook read or written: ~30 MB of the server's RSS from its start
 * otherwise, for uploads and exports that a server may not see for hours.
 */
const exceljs = async () => (await import('exceljs')).default;

/** The value a cell shows: formulas give their result, rich text and links their text; blank is undefined. */
export function shownValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value !== 'object') return value;
  if ('result' in value) return shownValue(value.result as ExcelJS.CellValue);
  if ('richText' in value) return shownValue(value.richText.map((part) => part.text).join(''));
  if ('text' in value) return shownValue(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return undefined;
}

/**
 * An uploaded workbook read by `reading`, or null when it cannot be read (the import then answers that the
 * file is no workbook). The reader's reason goes to the log, so an upload refused as unreadable can be told
 * apart from a reader's fault; it names no cell content.
 */
export async function readableOrNull<T>(reading: Promise<T>, what: string): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    new Logger('Import').warn(`${what}: the upload could not be read as a workbook (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** What `readSheetByHeader` found: the rows kept, how many data rows there were, the headers of row 1. */
export interface HeaderSheet<V> {
  /** false when the file is no workbook with a sheet */
  workbook: boolean;
  rows: { row: number; values: V }[];
  total: number;
  headers: ReadonlySet<string>;
}

/** The parts of an xlsx archive the reader needs before a sheet (exceljs finds them under these names too). */
const RELS_PART = 'xl/_rels/workbook.xml.rels';
const WORKBOOK_PART = 'xl/workbook.xml';
const STRINGS_PART = 'xl/sharedStrings.xml';
const STYLES_PART = 'xl/styles.xml';

/**
 * The parts of exceljs 4.4's streaming WorkbookReader that each read one part of the archive (not in its
 * type declarations; exceljs is pinned to that version, and the suites read workbooks through them).
 */
interface WorkbookReaderParts {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Iterable<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/**
 * The first sheet (in the workbook's tab order) of an uploaded workbook, its rows read as a stream; null when
 * the workbook names no sheet it holds. exceljs's own pass reads the archive once in stored order, and a sheet
 * stored before xl/workbook.xml (exceljs's writer stores that last) goes to a temporary file first: while that
 * is written, the pass can lose the parts after it (exceljs#3064), and a good file was refused as no workbook,
 * more often the slower the disk. The upload is in memory, so its parts are found through the archive's
 * central directory instead and read in the order they depend on each other: the workbook's relations, the
 * workbook, its shared strings and styles, then the sheet — row by row, with no temporary file.
 */
async function firstSheet(file: Buffer): Promise<ExcelJS.stream.xlsx.WorksheetReader | null> {
  const { stream: excel } = await exceljs();
  const { files } = await (await import('unzipper')).Open.buffer(file);
  const parts = new Map(files.map((entry) => [entry.path, entry]));
  // A part is opened only as it is read: one opened and left unread (the file turned out to lack another)
  // would report a corrupt part with nobody listening, an uncaught error.
  const open = (path: string) => parts.get(path)!.stream();
  const reader = new excel.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;
  if (!parts.has(RELS_PART) || !parts.has(WORKBOOK_PART)) throw new Error('the archive holds no xl/workbook.xml and its relations');
  await reader._parseRels(open(RELS_PART));
  await reader._parseWorkbook(open(WORKBOOK_PART));
  // kept by the reader (sharedStrings: 'cache'), nothing to take from the iteration itself
  if (parts.has(STRINGS_PART)) for await (const _ of reader._parseSharedStrings(open(STRINGS_PART)));
  if (parts.has(STYLES_PART)) await reader._parseStyles(open(STYLES_PART));
  const targets = new Map((reader.workbookRels ?? []).map((rel) => [rel.Id, rel.Target]));
  for (const sheet of reader.model?.sheets ?? []) {
    const sheetNo = targets.get(sheet.rId)?.match(/^\/?(?:xl\/)?worksheets\/sheet(\d+)\.xml$/)?.[1];
    const path = `xl/worksheets/sheet${sheetNo}.xml`;
    if (!sheetNo || !parts.has(path)) continue;
    // opened when its rows are first asked for
    const rows = { [Symbol.asyncIterator]: () => open(path)[Symbol.asyncIterator]() };
    for (const { value } of reader._parseWorksheet(rows, sheetNo)) return value;
  }
  return null;
}

/**
 * The data rows of the first sheet of an uploaded workbook, its cells found by the headers of row 1;
 * `read` turns a row into values (each cell through `cell(header)`, the shown value or undefined) or
 * null for a blank row, which is skipped. Read as a stream: a large upload costs parsing time but no
 * more memory than the `maxRows` rows kept (a workbook held whole in memory took ~2.7 GB for 100,000
 * rows of 20 cells); `total` still counts every data row.
 */
export async function readSheetByHeader<V>(file: Buffer, maxRows: number, read: (cell: (header: string) => unknown) => V | null): Promise<HeaderSheet<V>> {
  const sheet: HeaderSheet<V> = { workbook: false, rows: [], total: 0, headers: new Set() };
  const worksheet = await firstSheet(file);
  if (!worksheet) return sheet;
  sheet.workbook = true;
  const positions = new Map<string, number>();
  for await (const row of worksheet) {
    if (row.number === 1) {
      row.eachCell((cell, col) => {
        const header = shownValue(cell.value);
        if (typeof header === 'string' && !positions.has(header)) positions.set(header, col);
      });
      continue;
    }
    const values = read((header) => {
      const position = positions.get(header);
      return position ? shownValue(row.getCell(position).value) : undefined;
    });
    if (values === null) continue;
    sheet.total++;
    if (sheet.rows.length < maxRows) sheet.rows.push({ row: row.number, values });
  }
  sheet.headers = new Set(positions.keys());
  return sheet;
}

/** A row of an import template's notes sheet: a column's header, the second column's word on it, what it takes, an example. */
export interface TemplateNote {
  header?: string;
  detail?: string;
  note?: string;
  example?: string | number;
}

/**
 * The notes sheet (说明) of an import template: headers 列名, `detail` (whether a column is required, or which
 * lines it applies to), 说明 and 示例 at `widths`; a row per column, then the general rules (an empty object is an
 * empty row). The header row is bold unless `plain`.
 */
export function addNotesSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  detail: string,
  widths: readonly [number, number, number, number],
  rows: readonly TemplateNote[],
  { plain = false }: { plain?: boolean } = {},
): void {
  const notes = workbook.addWorksheet('说明');
  const headers = [
    ['列名', 'header'],
    [detail, 'detail'],
    ['说明', 'note'],
    ['示例', 'example'],
  ] as const;
  notes.columns = headers.map(([header, key], i) => ({ header, key, width: widths[i] }));
  if (!plain) notes.getRow(1).font = { bold: true };
  for (const row of rows) notes.addRow(row).commit();
  notes.commit();
}

// ---------------------------------------------------------------- writing

export type WorkbookWriter = ExcelJS.stream.xlsx.WorkbookWriter;

/**
 * Rows read per statement while an export is written (keysetPages → writePages). Small enough that a page
 * is written before the garbage collector has moved its rows to the old generation (at 1,000 orders a page,
 * 100,000 rows grew the server by ~80–100 MB of such garbage; at 500, 15–30 MB), large enough that the
 * statements per page stay a small part of the time (docs/orders.md, Performance).
 */
export const EXPORT_PAGE = 500;

/**
 * A workbook written as a stream into `stream`: rows leave as they are committed. Never shared strings (a
 * table of every distinct text, held until the end); styles only where a sheet needs them (a bold header,
 * number formats), since they cost about two thirds of the writing time of a long sheet.
 */
export async function workbookWriter(stream: Writable, { styles = false }: { styles?: boolean } = {}): Promise<WorkbookWriter> {
  const { stream: excel } = await exceljs();
  return new excel.xlsx.WorkbookWriter({ stream, useStyles: styles, useSharedStrings: false });
}

/**
 * An xlsx download written while it is sent (streamedDownload): `write` adds and commits the sheets of the
 * workbook, which is committed after it. Read whatever can fail (the first page of rows: keysetPages)
 * before calling this, so that failure is still an error answer.
 */
export function xlsxDownload(
  fileName: string,
  write: (workbook: WorkbookWriter, out: Writable) => Promise<void>,
  options?: { styles?: boolean },
): StreamableFile {
  return streamedDownload(fileName, XLSX_TYPE, (out) => writeWorkbook(out, write, options));
}

/** The same workbook written into any stream (a file, a benchmark's counter); resolves once it is complete. */
export async function writeWorkbook(
  out: Writable,
  write: (workbook: WorkbookWriter, out: Writable) => Promise<void>,
  options?: { styles?: boolean },
): Promise<void> {
  const workbook = await workbookWriter(out, options);
  await write(workbook, out);
  await workbook.commit();
}

/**
 * The one way a long sheet is written: each page of rows (keysetPages) goes through `write` (which adds
 * and commits its rows), then the writing waits until the download has taken what was written (the
 * response's 'drain', through the stream `out` it is piped from) before the next page is read. So the
 * server holds one page of rows and what the client has not yet taken, whether the client is fast or
 * slow; a client that goes away ends the writing. Answers the number of rows written.
 */
export async function writePages<R>(pages: AsyncIterable<R[]>, out: Writable, write: (rows: R[]) => void | Promise<void>): Promise<number> {
  let written = 0;
  for await (const rows of pages) {
    await write(rows);
    written += rows.length;
    await drained(out);
  }
  return written;
}
