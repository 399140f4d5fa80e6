import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/access.decorators.js';
import { AppError } from '../../common/app-error.js';
import { skipTake, toPage, type Page, type PageQueryDto } from '../../common/pagination.js';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { assertWithinCap, cappedCountSql, commonFilters, toCappedPage, whereAll, type CappedPage } from './log-sql.js';
import type { RequestLogQueryDto, SqlLogQueryDto, TracedLogQueryDto } from './log.dto.js';
import { dataChangeScope } from './log-scope.js';

export interface DataChangeView {
  id: number;
  tableName: string;
  operation: string;
  recordId: string | null;
  userId: number | null;
  userName: string | null;
  /**
   * The record as people name it: its own number or name (order number, receipt, record, customer,
   * staff…), else the order or customer it belongs to (orderId, customerId); null when it has none.
   */
  businessNo: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** A record's own fields that name it, first found wins. */
const NAMING_FIELDS = ['orderNo', 'recordNo', 'receiptNo', 'companyName', 'fullName', 'account', 'dictName', 'fileName', 'title', 'name'] as const;
const fieldsOf = (row: { before: unknown; after: unknown }): Record<string, unknown> => {
  const record = row.after ?? row.before;
  return record && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
};
const idField = (fields: Record<string, unknown>, name: string) => (typeof fields[name] === 'number' ? fields[name] : null);

export interface RequestView {
  id: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userId: number | null;
  userName: string | null;
  ip: string | null;
  params: unknown;
  userAgent: string | null;
  /** X-Request-Id of the request; null on rows written before request ids were kept */
  requestId: string | null;
  createdAt: Date;
}

export interface ErrorView {
  id: number;
  message: string;
  method: string | null;
  route: string | null;
  userId: number | null;
  userName: string | null;
  /** X-Request-Id of the request that failed; null for a background job's exception */
  requestId: string | null;
  createdAt: Date;
}

export type ErrorDetail = ErrorView & { stack: string | null };

/** What the lists read of each log table (aliased as its `from` in the queries below), with the user's name. */
const DATA_CHANGE_COLUMNS =
  'd.id, d.table_name as "tableName", d.operation, d.record_id as "recordId", d.user_id as "userId", u.full_name as "userName", d.before, d.after, d.created_at as "createdAt"';
const REQUEST_COLUMNS =
  'r.id, r.method, r.path, r.status, r.duration_ms as "durationMs", r.user_id as "userId", u.full_name as "userName", r.ip, r.params, r.user_agent as "userAgent", r.request_id as "requestId", r.created_at as "createdAt"';
const ERROR_COLUMNS =
  'e.id, e.message, e.method, e.route, e.user_id as "userId", u.full_name as "userName", e.request_id as "requestId", e.created_at as "createdAt"';

type WithBigId<T> = Omit<T, 'id'> & { id: bigint };
// Log ids are bigint columns; they stay far below 2^53, so the API answers plain numbers.
const withNumberId = <T>(row: WithBigId<T>): T => ({ ...row, id: Number(row.id) }) as T;

/**
 * The audit trails the server writes (AuditService): database operations (/log/sql), API requests
 * (/log/request) and exceptions (/log/error), newest first. The first two have capped totals.
 */
@Injectable()
export class LogService {
  constructor(private readonly prisma: PrismaService) {}

  /** The changes the caller may see (log-scope.ts: administrators every row, others their own scope's). */
  async dataChanges(query: SqlLogQueryDto, user: Principal): Promise<CappedPage<DataChangeView>> {
    const page = await this.cappedLog<Omit<DataChangeView, 'businessNo'>>('data_change_log d', DATA_CHANGE_COLUMNS, query, [
      dataChangeScope(user),
      ...commonFilters(query, { time: Prisma.sql`d.created_at`, user: Prisma.sql`d.user_id`, text: [Prisma.sql`d.table_name`, Prisma.sql`d.record_id`] }),
      query.tableName ? Prisma.sql`d.table_name = ${query.tableName.trim()}` : undefined,
      query.operation ? Prisma.sql`d.operation = ${query.operation}` : undefined,
    ]);
    return { ...page, items: await this.withBusinessNumbers(page.items) };
  }

  /** Each change with its record's business number (DataChangeView.businessNo): the orders and customers it names read in two queries a page. */
  private async withBusinessNumbers(rows: Omit<DataChangeView, 'businessNo'>[]): Promise<DataChangeView[]> {
    const own = rows.map((row) => {
      const fields = fieldsOf(row);
      const named = NAMING_FIELDS.map((name) => fields[name]).find((value): value is string => typeof value === 'string' && value.trim() !== '');
      return { fields, named: named ?? null };
    });
    const orderIds = new Set<number>();
    const customerIds = new Set<number>();
    for (const { fields, named } of own) {
      if (named) continue;
      const orderId = idField(fields, 'orderId');
      const customerId = idField(fields, 'customerId');
      if (orderId !== null) orderIds.add(orderId);
      else if (customerId !== null) customerIds.add(customerId);
    }
    const [orders, customers] = await Promise.all([
      orderIds.size ? this.prisma.db.order.findMany({ where: { id: { in: [...orderIds] } }, select: { id: true, orderNo: true } }) : [],
      customerIds.size ? this.prisma.db.customer.findMany({ where: { id: { in: [...customerIds] } }, select: { id: true, companyName: true } }) : [],
    ]);
    const orderNo = new Map(orders.map((o) => [o.id, o.orderNo]));
    const customerName = new Map(customers.map((c) => [c.id, c.companyName]));
    return rows.map((row, i) => {
      const { fields, named } = own[i];
      const orderId = idField(fields, 'orderId');
      const customerId = idField(fields, 'customerId');
      const businessNo = named ?? (orderId !== null ? orderNo.get(orderId) : customerId !== null ? customerName.get(customerId) : undefined) ?? null;
      return { ...row, businessNo };
    });
  }

  async requests(query: RequestLogQueryDto): Promise<CappedPage<RequestView>> {
    return this.cappedLog<RequestView>('request_log r', REQUEST_COLUMNS, query, [
      ...commonFilters(query, { time: Prisma.sql`r.created_at`, user: Prisma.sql`r.user_id`, text: [Prisma.sql`r.path`, Prisma.sql`r.ip`] }),
      query.requestId ? Prisma.sql`r.request_id = ${query.requestId}` : undefined,
      query.method ? Prisma.sql`r.method = ${query.method}` : undefined,
      query.statusFrom !== undefined ? Prisma.sql`r.status >= ${query.statusFrom}` : undefined,
      query.statusTo !== undefined ? Prisma.sql`r.status <= ${query.statusTo}` : undefined,
      query.minDurationMs !== undefined ? Prisma.sql`r.duration_ms >= ${query.minDurationMs}` : undefined,
    ]);
  }

  /** Exceptions are rare next to requests: this list counts exactly. */
  async errors(query: TracedLogQueryDto): Promise<Page<ErrorView>> {
    const where = whereAll([
      ...commonFilters(query, { time: Prisma.sql`e.created_at`, user: Prisma.sql`e.user_id`, text: [Prisma.sql`e.message`, Prisma.sql`e.route`] }),
      query.requestId ? Prisma.sql`e.request_id = ${query.requestId}` : undefined,
    ]);
    const { rows, count } = await this.readLog<ErrorView>(
      'error_log e',
      ERROR_COLUMNS,
      where,
      query,
      (fromWhere) => Prisma.sql`select count(*)::int as "count" ${fromWhere}`,
    );
    return toPage(rows, count, query);
  }

  async errorDetail(id: number): Promise<ErrorDetail> {
    const [row] = await this.prisma.db.$queryRaw<WithBigId<ErrorDetail>[]>`
      select ${Prisma.raw(ERROR_COLUMNS)}, e.stack
        from error_log e left join app_user u on u.id = e.user_id
       where e.id = ${id}`;
    if (!row) throw AppError.notFound();
    return withNumberId(row);
  }

  /** A page of a log list whose total is counted up to COUNT_CAP (log-sql.ts); `filters` are ANDed. */
  private async cappedLog<T>(from: string, columns: string, query: PageQueryDto, filters: (Prisma.Sql | undefined)[]): Promise<CappedPage<T>> {
    assertWithinCap(query);
    const { rows, count } = await this.readLog<T>(from, columns, whereAll(filters), query, cappedCountSql);
    return toCappedPage(rows, count, query);
  }

  /**
   * One page of a log table (`from`: the table and its alias, which the filters name), newest first,
   * each row with its user's name, and the number of matching rows as `countSql` counts them (capped or not).
   * The table and the columns are this file's own constants; every value goes in as a parameter.
   */
  private async readLog<T>(from: string, columns: string, where: Prisma.Sql, query: PageQueryDto, countSql: (fromWhere: Prisma.Sql) => Prisma.Sql) {
    const { skip, take } = skipTake(query);
    const alias = Prisma.raw(from.split(' ')[1]);
    const table = Prisma.raw(from);
    const [rows, [{ count }]] = await Promise.all([
      this.prisma.db.$queryRaw<WithBigId<T>[]>`
        select ${Prisma.raw(columns)}
          from ${table} left join app_user u on u.id = ${alias}.user_id
        ${where}
         order by ${alias}.created_at desc, ${alias}.id desc
         limit ${take} offset ${skip}`,
      this.prisma.db.$queryRaw<{ count: number }[]>(countSql(Prisma.sql`from ${table} ${where}`)),
    ]);
    return { rows: rows.map(withNumberId), count };
  }
}
