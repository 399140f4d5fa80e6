import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { t } from './messages.js';

/** Paging fields every list call accepts (pageIndex from 1). Extend it with the list's own filters. */
export class PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: () => t('pageInvalid') })
  @Min(1, { message: () => t('pageInvalid') })
  pageIndex = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: () => t('pageInvalid') })
  @Min(1, { message: () => t('pageInvalid') })
  @Max(200, { message: () => t('pageInvalid') })
  pageSize = 20;
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
