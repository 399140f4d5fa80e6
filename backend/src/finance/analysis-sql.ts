import { BUCKET_DAYS, shanghaiEnd, shanghaiStart } from '@forwarder/domain';
import { Prisma } from '../generated/prisma/client.js';
import type { ArrearsDto, InquiryDto } from './finance.dto.js';
import { moneySql, type MoneyScope } from './finance-scope.js';

export type { MoneyScope };

/**
 * The statements of the arrears and the order inquiry, built from a question alone, so that the service
 * runs them and `npm run bench:finance` sends the very same ones straight to PostgreSQL (its reference).
 */

/** Inquiry totals are counted up to this many orders, as the order lists do (docs/orders.md). */
export const INQUIRY_COUNT_CAP = 10_000;

const sql = Prisma.sql;
const and = (parts: Prisma.Sql[]) => (parts.length ? sql`${Prisma.join(parts, ' and ')}` : sql`true`);

type Page = { take: number; skip: number };

export interface ArrearsStatements {
  page: Prisma.Sql;
  totals: Prisma.Sql;
}

/**
 * Arrears on `asOf` (orders with money outstanding, from `order_finance`): the page (per order, or per
 * customer or salesman with the amounts by ageing bucket) and the totals over every row of the filter.
 */
export function arrearsStatements(
  query: Omit<ArrearsDto, 'pageIndex' | 'pageSize' | 'asOf'>,
  scope: MoneyScope,
  asOf: string,
  { take, skip }: Page,
): ArrearsStatements {
  const day = sql`${asOf}::date`;
  // the caller's scope AND the filters: a filter naming another salesman or customer only narrows
  const where: Prisma.Sql[] = [sql`f.outstanding > 0`, moneySql(scope, sql`f.salesman_id`)];
  if (query.salesmanId) where.push(sql`f.salesman_id = ${query.salesmanId}`);
  if (query.customerId) where.push(sql`f.customer_id = ${query.customerId}`);
  if (query.shipType) where.push(sql`f.ship_type = ${query.shipType}`);
  if (query.bucket) {
    const [min, max] = BUCKET_DAYS[query.bucket];
    if (max !== null) where.push(sql`f.billed_on >= ${day} - ${max}::int`);
    if (min > 0) where.push(sql`f.billed_on <= ${day} - ${min}::int`);
  }
  const filter = and(where);
  // amounts by bucket: age = asOf − billed_on; a bill dated after asOf counts as current
  const bucketSums = sql`
      coalesce(sum(f.outstanding) filter (where f.billed_on >= ${day} - 30), 0) as d0_30,
      coalesce(sum(f.outstanding) filter (where f.billed_on between ${day} - 60 and ${day} - 31), 0) as d31_60,
      coalesce(sum(f.outstanding) filter (where f.billed_on between ${day} - 90 and ${day} - 61), 0) as d61_90,
      coalesce(sum(f.outstanding) filter (where f.billed_on <= ${day} - 91), 0) as d90plus`;
  // the number of groups only when grouping (a distinct count sorts every row in arrears)
  const groupKey = query.groupBy === 'customer' ? sql`f.customer_id` : sql`f.salesman_id`;
  const groupCount = query.groupBy === 'order' ? sql`0` : sql`count(distinct ${groupKey})::int`;
  const totals = sql`
      select count(*)::int as orders, ${groupCount} as groups, coalesce(sum(f.outstanding), 0) as outstanding, ${bucketSums}
        from order_finance f where ${filter}`;
  if (query.groupBy === 'order') {
    const page = sql`
          select f.order_id, o.order_no, f.ship_type, f.customer_id, f.salesman_id, f.revenue, f.received, f.outstanding, f.billed_on, (${day} - f.billed_on)::int as age
            from order_finance f join orders o on o.id = f.order_id
           where ${filter}
           order by f.billed_on, f.order_id
           limit ${take} offset ${skip}`;
    return { page, totals };
  }
  const page = sql`
        select ${groupKey} as id, count(*)::int as orders, sum(f.outstanding) as outstanding, ${bucketSums}
          from order_finance f where ${filter}
         group by ${groupKey}
         order by sum(f.outstanding) desc, ${groupKey}
         limit ${take} offset ${skip}`;
  return { page, totals };
}

export interface InquiryStatements {
  page: Prisma.Sql;
  count: Prisma.Sql;
  totals: Prisma.Sql;
}

/** The order inquiry: a page of orders with their figures (newest first), the capped count and the totals. */
export function inquiryStatements(query: Omit<InquiryDto, 'pageIndex' | 'pageSize'>, scope: MoneyScope, { take, skip }: Page): InquiryStatements {
  // the filters on an order's own columns (o), and the same on the figures' copies of them (f) where it has them
  const where: Prisma.Sql[] = [];
  const figureWhere: Prisma.Sql[] = [];
  const both = (order: Prisma.Sql, figure: Prisma.Sql) => (where.push(order), figureWhere.push(figure));
  // the caller's scope AND the filters: a filter naming another salesman or customer only narrows
  both(moneySql(scope, sql`o.salesman_id`), moneySql(scope, sql`f.salesman_id`));
  if (query.salesmanId) both(sql`o.salesman_id = ${query.salesmanId}`, sql`f.salesman_id = ${query.salesmanId}`);
  if (query.customerId) both(sql`o.customer_id = ${query.customerId}`, sql`f.customer_id = ${query.customerId}`);
  if (query.shipType) both(sql`o.ship_type = ${query.shipType}`, sql`f.ship_type = ${query.shipType}`);
  if (query.createdFrom) both(sql`o.created_at >= ${shanghaiStart(query.createdFrom)}`, sql`f.order_created_at >= ${shanghaiStart(query.createdFrom)}`);
  if (query.createdTo) both(sql`o.created_at < ${shanghaiEnd(query.createdTo)}`, sql`f.order_created_at < ${shanghaiEnd(query.createdTo)}`);
  const orderOnly = Boolean(query.orderNo || query.containerNo);
  if (query.orderNo) where.push(sql`o.order_no like ${`${query.orderNo.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.containerNo) where.push(sql`o.container_no = ${query.containerNo.toUpperCase()}`);
  const filter = and(where);
  // totals read the figures alone (no join over the orders) unless a filter needs the order's own columns
  const totalsSource = orderOnly ? sql`orders o join order_finance f on f.order_id = o.id where ${filter}` : sql`order_finance f where ${and(figureWhere)}`;
  return {
    page: sql`
        select o.id as order_id, o.order_no, o.ship_type, o.stage, o.side_state, o.customer_id, o.salesman_id, o.container_no, o.created_at,
               f.revenue, f.payable, f.expense, f.received, f.outstanding, f.billed_on, c.amount as commission
          from orders o
          left join order_finance f on f.order_id = o.id
          left join order_commission c on c.order_id = o.id and c.reversed_at is null
         where ${filter}
         order by o.created_at desc, o.id desc
         limit ${take} offset ${skip}`,
    count: sql`select count(*)::int as n from (select 1 from orders o where ${filter} limit ${INQUIRY_COUNT_CAP + 1}) x`,
    totals: sql`
        select coalesce(sum(f.revenue), 0) as revenue, coalesce(sum(f.payable + f.expense), 0) as cost,
               coalesce(sum(f.received), 0) as received, coalesce(sum(f.outstanding), 0) as outstanding
          from ${totalsSource}`,
  };
}
