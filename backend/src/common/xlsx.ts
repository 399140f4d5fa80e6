import { HttpStatus, Logger, type StreamableFile } from '@nestjs/common';
import type ExcelJS from 'exceljs';
import { pipeline, Readable, Transform, type Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { AppError } from './app-error.js';
import { streamedDownload, XLSX_TYPE } from './download.js';
import type { MessageKey } from './messages.js';
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
  if ('result' in value) return shownValue(value.result);
  if ('richText' in value) return shownValue(value.richText.map((part) => part.text).join(''));
  if ('text' in value) return shownValue(value.text);
  if ('error' in value) return String(value.error);
  return undefined;
}

/**
 * An uploaded workbook read by `reading`, or null when it cannot be read (the import then answers that the
 * file is no workbook); one past a limit (WorkbookLimitError) is refused with 413 naming the limit. The
 * reader's reason goes to the log, so an upload refused as unreadable can be told apart from a reader's
 * fault; it names no cell content.
 */
export async function readableOrNull<T>(reading: Promise<T>, what: string): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    // a readable workbook past a limit: its own answer, and a line for whoever watches for bombs
    if (error instanceof WorkbookLimitError) {
      new Logger('Import').warn(`${what}: refused, ${error.message}`);
      throw workbookLimitRefusal(error);
    }
    new Logger('Import').warn(`${what}: the upload could not be read as a workbook (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** What `readSheetByHeader` found: the rows kept, how many data rows there were, the headers of row 1. */
export interface HeaderSheet<V> {
  /** false when the file is no workbook with a sheet */
  workbook: boolean;
  rows: { row: number; values: V }[];
  /** data rows read, at most maxRows + 1: past maxRows the import is refused anyway, so the rest is not read */
  total: number;
  headers: ReadonlySet<string>;
}

/**
 * What an uploaded workbook may hold (system parameters import.*, docs/operations.md), checked while it is
 * read: a file of ~2 MB can expand to gigabytes, and an unbounded read took the server's heap with it.
 */
export interface WorkbookLimits {
  /** MB inflated from the archive, all parts read together */
  maxUncompressedMb: number;
  /** MB inflated from any one part */
  maxPartMb: number;
  /** entries of the shared-strings table */
  maxSharedStrings: number;
  /** MB (UTF-8) of the shared strings' text */
  maxSharedStringsMb: number;
  /** rows of the sheet, counted and by their numbers, blank ones too */
  maxRows: number;
  /** columns of the sheet, by the last column holding a value */
  maxColumns: number;
  /** characters of one cell (Excel's own limit is 32,767) */
  maxCellChars: number;
}
export type WorkbookLimit = keyof WorkbookLimits;

/** A workbook past one of its limits: the import answers 413 naming it (workbookLimitRefusal). */
export class WorkbookLimitError extends Error {
  constructor(
    readonly limit: WorkbookLimit,
    readonly max: number,
  ) {
    super(`the workbook is past its limit ${limit} (${max})`);
  }
}

const LIMIT_MESSAGES: Record<WorkbookLimit, MessageKey> = {
  maxUncompressedMb: 'importLimitUncompressed',
  maxPartMb: 'importLimitPart',
  maxSharedStrings: 'importLimitSharedStrings',
  maxSharedStringsMb: 'importLimitSharedStringsMb',
  maxRows: 'importLimitRows',
  maxColumns: 'importLimitColumns',
  maxCellChars: 'importLimitCellChars',
};

/** A workbook past a limit as its answer: 413, naming the limit, its value and its system parameter. */
export function workbookLimitRefusal(error: WorkbookLimitError): AppError {
  return new AppError(HttpStatus.PAYLOAD_TOO_LARGE, LIMIT_MESSAGES[error.limit], { max: error.max });
}

const MB = 1024 * 1024;
/** Rows (or shared strings) read between two turns of the event loop: a long sheet never holds it for long. */
const ROWS_PER_TURN = 1000;
const STRINGS_PER_TURN = 10_000;

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
  /** what the sheet's shared-string cells take their values from */
  sharedStrings?: unknown[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<{ index: number; text: string | { richText: { text: string | null }[] } | null }>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Iterable<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/** A zip entry as unzipper's Open lists it. */
interface ArchivePart {
  path: string;
  uncompressedSize: number;
  stream(): Readable;
}

/**
 * The archive's parts, each inflated through a count that fails the read as soon as the part or all the
 * parts read together pass their limits. The sizes the archive declares are checked first (a quick
 * refusal of an honest bomb) but never trusted: the count is of the bytes actually inflated.
 */
class BoundedArchive {
  private inflated = 0;
  private readonly opened: Readable[] = [];

  constructor(
    private readonly parts: Map<string, ArchivePart>,
    private readonly limits: WorkbookLimits,
  ) {}

  has(path: string): boolean {
    return this.parts.has(path);
  }

  /** Refuses at once when the parts to be read declare more than the limits allow. */
  checkDeclared(paths: string[]): void {
    let declared = 0;
    for (const path of paths) {
      const size = this.parts.get(path)?.uncompressedSize ?? 0;
      if (size > this.limits.maxPartMb * MB) throw new WorkbookLimitError('maxPartMb', this.limits.maxPartMb);
      declared += size;
    }
    if (declared > this.limits.maxUncompressedMb * MB) throw new WorkbookLimitError('maxUncompressedMb', this.limits.maxUncompressedMb);
  }

  /**
   * A part's inflated bytes, counted. A part is opened only as it is read: one opened and left unread (the
   * file turned out to lack another) would report a corrupt part with nobody listening, an uncaught error.
   */
  open(path: string): Readable {
    let bytes = 0;
    const { maxPartMb, maxUncompressedMb } = this.limits;
    const counted = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        bytes += chunk.length;
        this.inflated += chunk.length;
        if (bytes > maxPartMb * MB) done(new WorkbookLimitError('maxPartMb', maxPartMb));
        else if (this.inflated > maxUncompressedMb * MB) done(new WorkbookLimitError('maxUncompressedMb', maxUncompressedMb));
        else done(null, chunk);
      },
    });
    // a refusal (or a corrupt part) stops the inflating too; the reader hears it through `counted`
    pipeline(this.parts.get(path)!.stream(), counted, () => undefined);
    this.opened.push(counted);
    return counted;
  }

  /** Stops every part still inflating: a reader that stops early (a refusal, a missing column) leaves its part paused. */
  close(): void {
    for (const part of this.opened) part.destroy();
  }
}

/** The characters of a shared string, plain or rich text. */
function sharedText(text: string | { richText: { text: string | null }[] } | null): string {
  if (text === null) return '';
  return typeof text === 'string' ? text : text.richText.map((run) => run.text ?? '').join('');
}

/**
 * The first sheet (in the workbook's tab order) of an uploaded workbook, its rows read as a stream; null when
 * the workbook names no sheet it holds. exceljs's own pass reads the archive once in stored order, and a sheet
 * stored before xl/workbook.xml (exceljs's writer stores that last) goes to a temporary file first: while that
 * is written, the pass can lose the parts after it (exceljs#3064), and a good file was refused as no workbook,
 * more often the slower the disk. The upload is in memory, so its parts are found through the archive's
 * central directory instead and read in the order they depend on each other: the workbook's relations, the
 * workbook, its shared strings and styles, then the sheet — row by row, with no temporary file. Every part
 * is inflated within `limits` (BoundedArchive) and the shared strings are counted as they are read.
 */
async function firstSheet(archive: BoundedArchive, limits: WorkbookLimits): Promise<ExcelJS.stream.xlsx.WorksheetReader | null> {
  const { stream: excel } = await exceljs();
  const reader = new excel.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    // emitted, so that they are counted and measured before they are kept (below)
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;
  if (!archive.has(RELS_PART) || !archive.has(WORKBOOK_PART)) throw new Error('the archive holds no xl/workbook.xml and its relations');
  archive.checkDeclared([RELS_PART, WORKBOOK_PART, STRINGS_PART, STYLES_PART]);
  await reader._parseRels(archive.open(RELS_PART));
  await reader._parseWorkbook(archive.open(WORKBOOK_PART));
  const strings: unknown[] = [];
  if (archive.has(STRINGS_PART)) {
    let bytes = 0;
    for await (const { text } of reader._parseSharedStrings(archive.open(STRINGS_PART))) {
      const characters = sharedText(text);
      bytes += Buffer.byteLength(characters);
      if (strings.length >= limits.maxSharedStrings) throw new WorkbookLimitError('maxSharedStrings', limits.maxSharedStrings);
      if (bytes > limits.maxSharedStringsMb * MB) throw new WorkbookLimitError('maxSharedStringsMb', limits.maxSharedStringsMb);
      if (characters.length > limits.maxCellChars) throw new WorkbookLimitError('maxCellChars', limits.maxCellChars);
      strings.push(text);
      if (strings.length % STRINGS_PER_TURN === 0) await setImmediate();
    }
  }
  reader.sharedStrings = strings;
  if (archive.has(STYLES_PART)) await reader._parseStyles(archive.open(STYLES_PART));
  const targets = new Map((reader.workbookRels ?? []).map((rel) => [rel.Id, rel.Target]));
  for (const sheet of reader.model?.sheets ?? []) {
    const sheetNo = targets.get(sheet.rId)?.match(/^\/?(?:xl\/)?worksheets\/sheet(\d+)\.xml$/)?.[1];
    const path = `xl/worksheets/sheet${sheetNo}.xml`;
    if (!sheetNo || !archive.has(path)) continue;
    archive.checkDeclared([RELS_PART, WORKBOOK_PART, STRINGS_PART, STYLES_PART, path]);
    // opened when its rows are first asked for
    const rows = { [Symbol.asyncIterator]: () => archive.open(path)[Symbol.asyncIterator]() };
    for (const { value } of reader._parseWorksheet(rows, sheetNo)) return value;
  }
  return null;
}

/** What readSheetByHeader reads within, and the headers an import cannot do without. */
export interface SheetReading {
  limits: WorkbookLimits;
  /**
   * The headers row 1 must hold: a file missing one is answered as soon as row 1 is read (`headers` tells
   * which are there, no data row is read), however long the sheet.
   */
  required: readonly string[];
}

/**
 * The data rows of the first sheet of an uploaded workbook, its cells found by the headers of row 1;
 * `read` turns a row into values (each cell through `cell(header)`, the shown value or undefined) or
 * null for a blank row, which is skipped. Read as a stream: a large upload costs parsing time but no
 * more memory than the `maxRows` rows kept (a workbook held whole in memory took ~2.7 GB for 100,000
 * rows of 20 cells), and reading stops at the first data row past `maxRows`. A workbook past one of
 * `limits` is refused with a WorkbookLimitError while it is read.
 */
export async function readSheetByHeader<V>(
  file: Buffer,
  maxRows: number,
  { limits, required }: SheetReading,
  read: (cell: (header: string) => unknown) => V | null,
): Promise<HeaderSheet<V>> {
  const { files } = await (await import('unzipper')).Open.buffer(file);
  const archive = new BoundedArchive(new Map(files.map((entry) => [entry.path, entry as ArchivePart])), limits);
  try {
    return await readRows(archive, maxRows, { limits, required }, read);
  } finally {
    archive.close();
  }
}

async function readRows<V>(
  archive: BoundedArchive,
  maxRows: number,
  { limits, required }: SheetReading,
  read: (cell: (header: string) => unknown) => V | null,
): Promise<HeaderSheet<V>> {
  const sheet: HeaderSheet<V> = { workbook: false, rows: [], total: 0, headers: new Set() };
  const worksheet = await firstSheet(archive, limits);
  if (!worksheet) return sheet;
  sheet.workbook = true;
  const positions = new Map<string, number>();
  let rowsRead = 0;
  for await (const row of worksheet) {
    // counted too: a row without its number (r) would pass for row NaN
    if (++rowsRead > limits.maxRows || row.number > limits.maxRows) throw new WorkbookLimitError('maxRows', limits.maxRows);
    row.eachCell((cell, col) => {
      if (col > limits.maxColumns) throw new WorkbookLimitError('maxColumns', limits.maxColumns);
      const shown = shownValue(cell.value);
      if (typeof shown === 'string' && shown.length > limits.maxCellChars) throw new WorkbookLimitError('maxCellChars', limits.maxCellChars);
    });
    if (rowsRead % ROWS_PER_TURN === 0) await setImmediate();
    if (rowsRead === 1) {
      // a sheet whose first row is not row 1 has no header row
      if (row.number === 1)
        row.eachCell((cell, col) => {
          const header = shownValue(cell.value);
          if (typeof header === 'string' && !positions.has(header)) positions.set(header, col);
        });
      if (required.some((header) => !positions.has(header))) break;
      if (row.number === 1) continue;
    }
    const values = read((header) => {
      const position = positions.get(header);
      return position ? shownValue(row.getCell(position).value) : undefined;
    });
    if (values === null) continue;
    sheet.total++;
    if (sheet.total > maxRows) break;
    sheet.rows.push({ row: row.number, values });
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
