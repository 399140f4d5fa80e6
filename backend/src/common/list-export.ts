import { applyDecorators, Post, type StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { MAX_PAGE_SIZE, SHIP_LINES, shanghaiDay, shanghaiMinute, YES_NO_WORDS, type PermissionCode, type Texts } from '@forwarder/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Transfer } from './transfer.decorator.js';
import { Perm } from './access.decorators.js';
import { FieldErrors } from './app-error.js';
import { XLSX_TYPE } from './download.js';
import { defineMessages, t } from './messages.js';
import type { Page } from './pagination.js';
import { requestContext } from './request-context.js';
import { writePages, xlsxDownload } from './xlsx.js';

/** Messages of 导出当前列表 (Chinese, English); area-messages.ts names their keys to the compiler. */
export const listExportMessages = defineMessages({
  listExportColumnsRequired: ['请至少选择一列导出', 'Choose at least one column to export'],
  listExportColumnUnknown: ['该列表没有可导出的列“{key}”', 'This list has no exportable column "{key}"'],
});

/** Most columns a list shows; most rows one export writes (the rest are left out, the file says how many it holds). */
export const EXPORT_MAX_COLUMNS = 60;
export const EXPORT_MAX_ROWS = 50_000;

/** One column of the export as the user sees it: the list's column key (whitelisted per list) and its title in the user's language. */
export class ExportColumnDto {
  @IsString()
  @Matches(/^[A-Za-z][A-Za-z0-9_.]{0,39}$/, { message: () => t('listExportColumnUnknown', { key: '' }) })
  key!: string;

  @IsString()
  @MaxLength(100)
  title!: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base must be constructible with any arguments
type Constructor = new (...args: any[]) => object;

/**
 * A list's filters DTO plus the columns to export: `class OrderListExportDto extends ListExportOf(OrderListDto) {}`.
 * Paging fields of the base are ignored (every matching row, EXPORT_MAX_ROWS at most).
 */
export function ListExportOf<T extends Constructor>(Base: T) {
  class ListExport extends Base {
    /** the visible columns in the order the user sees them */
    @IsArray({ message: () => t('listExportColumnsRequired') })
    @ArrayMinSize(1, { message: () => t('listExportColumnsRequired') })
    @ArrayMaxSize(EXPORT_MAX_COLUMNS)
    @ValidateNested({ each: true })
    @Type(() => ExportColumnDto)
    columns!: ExportColumnDto[];
  }
  return ListExport;
}

/** How a list's columns read in a sheet: column key → the cell of a row (text, number, date). The keys are the list's whitelist. */
export type ExportColumns<R> = Readonly<Record<string, (row: R) => unknown>>;

/** A cell as the sheet shows it: a time as Shanghai minute text, a Decimal as its number, nothing as blank. */
export function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return shanghaiMinute(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'object' && 'toNumber' in value && typeof value.toNumber === 'function') return (value as { toNumber(): number }).toNumber();
  return String(value);
}

/**
 * 导出当前列表: the rows the list's own query answers for the caller (its filters, sort and data scope, read
 * page by page through the same method the screen calls) written as an xlsx stream with the columns the user
 * sees, in their order and under their titles. A column key the list does not whitelist is a 400. The first
 * page is read before anything is sent, so a refused filter is still an error answer. Answers the file and
 * the number of rows it will hold (for the client's progress).
 */
export async function listExport<R>(
  fileName: string,
  requested: readonly ExportColumnDto[],
  columns: ExportColumns<R>,
  readPage: (pageIndex: number, pageSize: number) => Promise<Pick<Page<R>, 'items' | 'totalCount'>>,
): Promise<{ file: StreamableFile; rows: number }> {
  const unknown = requested.find((column) => !Object.hasOwn(columns, column.key));
  if (unknown) throw new FieldErrors({ columns: [t('listExportColumnUnknown', { key: unknown.key })] });
  const pageSize = MAX_PAGE_SIZE;
  const first = await readPage(1, pageSize);
  const rows = Math.min(first.totalCount, EXPORT_MAX_ROWS);
  async function* pages() {
    let page = first;
    let read = 0;
    for (let pageIndex = 1; ; pageIndex += 1) {
      const items = page.items.slice(0, EXPORT_MAX_ROWS - read);
      read += items.length;
      yield items;
      // the total the list counted is where it stops (a list that counts up to a cap refuses pages past it)
      if (page.items.length < pageSize || read >= rows) return;
      page = await readPage(pageIndex + 1, pageSize);
    }
  }
  const file = xlsxDownload(fileName, async (workbook, out) => {
    const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = requested.map((column) => ({ header: column.title, key: column.key, width: Math.min(40, Math.max(10, column.title.length * 2 + 4)) }));
    await writePages(pages(), out, (items) => {
      for (const row of items) sheet.addRow(requested.map((column) => cellOf(columns[column.key](row)))).commit();
    });
    sheet.commit();
  });
  return { file, rows };
}

/** Sets `X-Export-Rows` (how many rows the file holds, for the client's progress) and answers the file. */
export function exportHeaders(
  res: { setHeader(name: string, value: string): unknown },
  { file, rows }: { file: StreamableFile; rows: number },
): StreamableFile {
  res.setHeader('X-Export-Rows', String(rows));
  res.setHeader('Access-Control-Expose-Headers', 'X-Export-Rows, Content-Disposition');
  return file;
}

/** An export DTO split into its columns and the list's filters, blank filters (null, undefined) left out as the list's own call leaves them. */
export function splitExport<D extends { columns: ExportColumnDto[] }>(dto: D): { columns: ExportColumnDto[]; query: Omit<D, 'columns'> } {
  const { columns, ...rest } = dto;
  const query = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined)) as Omit<D, 'columns'>;
  return { columns, query };
}

/** A value's words in the export request's language. */
export const inLang = (words: Texts) => (requestContext.lang() === 'en' ? words[1] : words[0]);

/** The word of a coded value in its table (the code itself when the table has none for it). */
export function wordOf<K extends string>(table: Readonly<Record<K, Texts>>, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return Object.hasOwn(table, value) ? inLang(table[value as K]) : value;
}

export const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? null : inLang(value ? YES_NO_WORDS.yes : YES_NO_WORDS.no));

/** A shipping line's name as the screens show it, in the request's language (an unknown value as itself). */
export function lineWord(shipType: string): string;
export function lineWord(shipType: string | null | undefined): string | null;
export function lineWord(shipType: string | null | undefined): string | null {
  const line = SHIP_LINES.find((item) => item.value === shipType);
  return line ? inLang([line.text, line.textEn]) : (shipType ?? null);
}

/** As much of the dictionary items' table as the labels need (PrismaService's `db.dictItem`). */
interface DictItemTable {
  findMany(args: {
    where: { dictCode: { in: string[] } };
    select: { dictCode: true; value: true; dictName: true; dictNameEn: true };
  }): Promise<{ dictCode: string; value: string; dictName: string; dictNameEn: string | null }[]>;
}

/** The labels of the dictionaries' values (the words a dict-backed column shows), read once per export. */
export async function dictWords(
  prisma: { db: { dictItem: DictItemTable } },
  dictCodes: readonly string[],
): Promise<(dictCode: string, value: string | null | undefined) => string | null> {
  const items = await prisma.db.dictItem.findMany({
    where: { dictCode: { in: [...dictCodes] } },
    select: { dictCode: true, value: true, dictName: true, dictNameEn: true },
  });
  const words = new Map(items.map((item) => [`${item.dictCode}\u0000${item.value}`, [item.dictName, item.dictNameEn || item.dictName] as const]));
  return (dictCode, value) => {
    if (value === null || value === undefined || value === '') return null;
    const found = words.get(`${dictCode}\u0000${value}`);
    return found ? inLang(found) : value;
  };
}

/**
 * The route of a list's 导出当前列表: POST `path` (the list's own path + `/export`) under the list's own
 * permission codes, counted as an export and described as an xlsx answer.
 */
export function ListExportRoute(path: string, name: string, ...perm: [PermissionCode, ...PermissionCode[]]) {
  return applyDecorators(Perm(...perm), Post(path), Transfer('export', name), ApiProduces(XLSX_TYPE));
}

/**
 * 导出当前列表 through a list's own method: `list` answers a page for the export's filters plus paging (the
 * same call the screen makes, so the same scope), the file is named `<name>-<day>.xlsx` and the answer
 * carries the rows it holds. A controller's handler is one call of it.
 */
export async function streamListExport<D extends { columns: ExportColumnDto[] }, R>(
  res: { setHeader(name: string, value: string): unknown },
  name: string,
  dto: D,
  columns: ExportColumns<R>,
  list: (query: Omit<D, 'columns'> & { pageIndex: number; pageSize: number }) => Promise<Pick<Page<R>, 'items' | 'totalCount'>>,
): Promise<StreamableFile> {
  const { columns: requested, query } = splitExport(dto);
  const file = await listExport(`${name}-${shanghaiDay(new Date())}.xlsx`, requested, columns, (pageIndex, pageSize) =>
    list({ ...query, pageIndex, pageSize }),
  );
  return exportHeaders(res, file);
}
