import { FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { skipTake, toPage, type Page, type PageQueryDto } from '../../common/pagination.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { LogQueryDto } from './log.dto.js';

/**
 * The request and operation logs grow to millions of rows, where an exact count(*) costs far more than
 * the page itself. Their totals count matching rows up to this cap and say so with `totalCapped`; paging
 * stops at the cap too (narrow the time range to reach older rows).
 */
export const COUNT_CAP = 10_000;

export type CappedPage<T> = Page<T> & { totalCapped: boolean };

/** `where a and b …` from the conditions that apply, or nothing. */
export function whereAll(conditions: (Prisma.Sql | undefined)[]): Prisma.Sql {
  const present = conditions.filter((c): c is Prisma.Sql => c !== undefined);
  return present.length ? Prisma.sql`where ${Prisma.join(present, ' and ')}` : Prisma.empty;
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The time range, user and text filters every log list shares, on the list's own columns. */
export function commonFilters(query: LogQueryDto, columns: { time: Prisma.Sql; user: Prisma.Sql; text: Prisma.Sql[] }): (Prisma.Sql | undefined)[] {
  const text = query.text?.trim();
  return [
    query.from ? Prisma.sql`${columns.time} >= ${new Date(query.from)}` : undefined,
    query.to ? Prisma.sql`${columns.time} <= ${new Date(query.to)}` : undefined,
    query.userId ? Prisma.sql`${columns.user} = ${query.userId}` : undefined,
    text
      ? Prisma.sql`(${Prisma.join(
          columns.text.map((column) => Prisma.sql`${column} ilike ${containing(text)}`),
          ' or ',
        )})`
      : undefined,
  ];
}

/** Refuses a page that starts beyond the capped total. */
export function assertWithinCap(query: PageQueryDto) {
  if (skipTake(query).skip >= COUNT_CAP) throw new FieldErrors({ pageIndex: [t('logPageBeyondCap', { cap: COUNT_CAP })] });
}

/**
 * Counts the rows of `from … where …` up to COUNT_CAP + 1: index-friendly, it stops reading once past
 * the cap however large the table.
 */
export function cappedCountSql(fromWhere: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`select count(*)::int as "count" from (select 1 ${fromWhere} limit ${COUNT_CAP + 1}) as capped`;
}

export function toCappedPage<T>(items: T[], counted: number, query: PageQueryDto): CappedPage<T> {
  const totalCapped = counted > COUNT_CAP;
  return { ...toPage(items, Math.min(counted, COUNT_CAP), query), totalCapped };
}
