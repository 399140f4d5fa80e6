import { DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE } from '@forwarder/domain';
import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { IntField } from './fields.js';

/**
 * A paging number from a query string (digits) or a JSON body (a number). Absent, null and '' mean the
 * list's default (forms send an emptied field that way); anything else that is not a whole number in range, an
 * array from a repeated query parameter included, is a 400 with the paging message.
 */
export const PageNumber = (max: number) =>
  applyDecorators(
    // undefined keeps the field's initial value (the validation pipe does not expose unset fields)
    Transform(({ value }) => (value === null || value === '' ? undefined : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value)),
    IntField('pageInvalid', { min: 1, max }),
  );

/** Paging fields every list call accepts (pageIndex from 1). Extend it with the list's own filters. */
export class PageQueryDto {
  @PageNumber(MAX_PAGE_INDEX)
  pageIndex = 1;

  @PageNumber(MAX_PAGE_SIZE)
  pageSize = DEFAULT_PAGE_SIZE;
}

/** The paged answer the clients read: items, pageIndex, pageSize, totalCount, totalPage. */
export interface Page<T> {
  items: T[];
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  totalPage: number;
}

export function skipTake(query: PageQueryDto) {
  return { skip: (query.pageIndex - 1) * query.pageSize, take: query.pageSize };
}

export function toPage<T>(items: T[], totalCount: number, query: PageQueryDto): Page<T> {
  return { items, pageIndex: query.pageIndex, pageSize: query.pageSize, totalCount, totalPage: Math.ceil(totalCount / query.pageSize) };
}

/**
 * One page of a list: the page's rows (read with the `skip` and `take` it is given) and the number of all
 * matching rows, read side by side; `view` turns the page's rows into the list's items.
 */
export async function readPage<Row, Item = Row>(
  query: PageQueryDto,
  rows: (page: { skip: number; take: number }) => Promise<Row[]>,
  count: () => Promise<number>,
  view: (rows: Row[]) => Item[] | Promise<Item[]> = (rows) => rows as unknown as Item[],
): Promise<Page<Item>> {
  const [found, total] = await Promise.all([rows(skipTake(query)), count()]);
  return toPage(await view(found), total, query);
}

/** A list's filter on a time column between two optional ISO instants (both ends included); undefined when neither is given. */
export const timeRange = (from?: string | null, to?: string | null) =>
  from || to ? { gte: from ? new Date(from) : undefined, lte: to ? new Date(to) : undefined } : undefined;

/** A list's filter on a text column: containing `text`, any case; undefined (no filter) without a text. */
export const containing = (text?: string | null) => (text ? { contains: text, mode: 'insensitive' as const } : undefined);

/** A list's search over several text columns: the rows where any of them contains `text` (any case); undefined without a text. */
export const anyContaining = <Column extends string>(text: string | null | undefined, ...columns: Column[]) =>
  text ? columns.map((column) => ({ [column]: containing(text) }) as Partial<Record<Column, ReturnType<typeof containing>>>) : undefined;
