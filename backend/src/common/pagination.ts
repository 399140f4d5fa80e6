import { DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE } from '@forwarder/domain';
import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { IntField } from './fields.js';

/**
 * A paging number from a query string (digits) or a JSON body (a number). Absent, null and '' mean the
 * list's default (forms send an emptied field that way); anything else that is not a whole number in range, an
 * array from a repeated query parameter included, is a 400 with the paging message.
 */
const PageNumber = (max: number) =>
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
