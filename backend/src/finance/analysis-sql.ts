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

type ArrearsQuery = Omit<ArrearsDto, 'pageIndex' | 'pageSize' | 'asOf'>;

/** What the arrears' statements are built from: the question, the caller's scope, the day of the ages, the page. */
interface Asked {
  query: ArrearsQuery;
  scope: MoneyScope;
  day: Prisma.Sql;
  page: Page;
}

/** The amounts by ageing bucket on `day`: age = day − billing day; a bill dated after `day` counts as current. */
function bucketSums(day: Prisma.Sql, billedOn: Prisma.Sql, amount: Prisma.Sql): Prisma.Sql {
  const sumOf = (when: Prisma.Sql) => sql`coalesce(sum(${amount}) filter (where ${when}), 0)`;
  return sql`
      ${sumOf(sql`${billedOn} >= ${day} - 30`)} as d0_30,
      ${sumOf(sql`${billedOn} between ${day} - 60 and ${day} - 31`)} as d31_60,
      ${sumOf(sql`${billedOn} between ${day} - 90 and ${day} - 61`)} as d61_90,
      ${sumOf(sql`${billedOn} <= ${day} - 91`)} as d90plus`;
}

/**
 * Arrears on `asOf` (orders with money outstanding, from `order_finance`): the page (per order, or per
 * customer or salesman with the amounts by ageing bucket) and the totals over every row of the filter.
 * Without a customer (filter or grouping) the totals, and the page per salesman, sum the rows of
 * `arrears_day` (money outstanding per salesman, line and billing day, kept by triggers on order_finance;
 * docs/finance.md, Performance) instead of every order in arrears: a day is the finest an ageing bucket
 * needs, so the figures are the same for any `asOf`.
 */
export function arrearsStatements(query: ArrearsQuery, scope: MoneyScope, asOf: string, page: Page): ArrearsStatements {
  const day = sql`${asOf}::date`;
  const asked: Asked = { query, scope, day, page };
  // the bucket and the line, on whichever source's billing day and line
  const common = (alias: Prisma.Sql): Prisma.Sql[] => {
    const where: Prisma.Sql[] = [];
    if (query.shipType) where.push(sql`${alias}.ship_type = ${query.shipType}`);
    if (query.bucket) {
      const [min, max] = BUCKET_DAYS[query.bucket];
      if (max !== null) where.push(sql`${alias}.billed_on >= ${day} - ${max}::int`);
      if (min > 0) where.push(sql`${alias}.billed_on <= ${day} - ${min}::int`);
    }
    return where;
  };
  const fromOrders = arrearsFromOrders(asked, common(sql`f`));
  // a customer's own arrears are few (its index); customers ranked within an ageing bucket need the orders
  if (query.customerId || (query.groupBy === 'customer' && query.bucket)) return fromOrders;
  const fromDays = arrearsFromDays(asked, common(sql`d`));
  // the totals, and the page per salesman, come from the days; the page per order lists orders; the page
  // per customer ranks customers in arrears_customer, then reads the page's customers' orders for the buckets
  if (query.groupBy === 'order') return { page: fromOrders.page, totals: fromDays.totals };
  if (query.groupBy === 'customer') return { page: customerPage(asked, fromOrders.filter), totals: fromDays.totals };
  return fromDays;
}

/**
 * The rows of `arrears_customer` (a) at the level asked: the line's or every line's ('*'), and whose money
 * (the same rule as the days, daysOf). No bucket: the table has no days.
 */
function customerRows(query: ArrearsQuery, scope: MoneyScope): Prisma.Sql {
  return sql`a.ship_type = ${query.shipType ?? '*'} and ${daysOf(scope, query.salesmanId, false, sql`a`)} and a.orders > 0`;
}

/**
 * The page per customer: the customers ranked by money outstanding from `arrears_customer` (kept by triggers
 * on order_finance; a row per customer, line and salesman), then the amounts by ageing bucket of those
 * customers' orders in arrears (`filter`, on order_finance f) through the customer index.
 */
function customerPage({ query, scope, day, page: { take, skip } }: Asked, filter: Prisma.Sql): Prisma.Sql {
  return sql`
      with ranked as (
        select a.customer_id, a.orders, a.outstanding
          from arrears_customer a where ${customerRows(query, scope)}
         order by a.outstanding desc, a.customer_id
         limit ${take} offset ${skip})
      select r.customer_id as id, r.orders, r.outstanding, ${bucketSums(day, sql`f.billed_on`, sql`f.outstanding`)}
        from ranked r join order_finance f on f.customer_id = r.customer_id and ${filter}
       group by r.customer_id, r.orders, r.outstanding
       order by r.outstanding desc, r.customer_id`;
}

/** The statements over the orders in arrears themselves (order_finance): the page per order, and anything with a customer. */
function arrearsFromOrders({ query, scope, day, page: { take, skip } }: Asked, common: Prisma.Sql[]): ArrearsStatements & { filter: Prisma.Sql } {
  // the caller's scope AND the filters: a filter naming another salesman or customer only narrows
  const where: Prisma.Sql[] = [sql`f.outstanding > 0`, moneySql(scope, sql`f.salesman_id`), ...common];
  if (query.salesmanId) where.push(sql`f.salesman_id = ${query.salesmanId}`);
  if (query.customerId) where.push(sql`f.customer_id = ${query.customerId}`);
  const filter = and(where);
  const sums = bucketSums(day, sql`f.billed_on`, sql`f.outstanding`);
  // the number of groups only when grouping (a distinct count sorts every row in arrears)
  const groupKey = query.groupBy === 'customer' ? sql`f.customer_id` : sql`f.salesman_id`;
  const groupCount = query.groupBy === 'order' ? sql`0` : sql`count(distinct ${groupKey})::int`;
  const totals = sql`
      select count(*)::int as orders, ${groupCount} as groups, coalesce(sum(f.outstanding), 0) as outstanding, ${sums}
        from order_finance f where ${filter}`;
  if (query.groupBy === 'order') {
    const page = sql`
          select f.order_id, o.order_no, f.ship_type, f.customer_id, f.salesman_id, f.revenue, f.received, f.outstanding, f.billed_on, (${day} - f.billed_on)::int as age
            from order_finance f join orders o on o.id = f.order_id
           where ${filter}
           order by f.billed_on, f.order_id
           limit ${take} offset ${skip}`;
    return { page, totals, filter };
  }
  const page = sql`
        select ${groupKey} as id, count(*)::int as orders, sum(f.outstanding) as outstanding, ${sums}
          from order_finance f where ${filter}
         group by ${groupKey}
         order by sum(f.outstanding) desc, ${groupKey}
         limit ${take} offset ${skip}`;
  return { page, totals, filter };
}

/**
 * Whose rows of a table of sums (arrears_day, finance_day, arrears_customer; salesman 0 holds every salesman's) answer: one
 * salesman's (the caller's own, or the filter's: a filter only narrows, so another salesman's asked by
 * someone who sees only their own finds nothing), each salesman's when `each` (a page per salesman), else
 * the rows over every salesman.
 */
function daysOf(scope: MoneyScope, salesmanId: number | undefined, each: boolean, alias: Prisma.Sql = sql`d`): Prisma.Sql {
  const own = scope.ownSalesmanId;
  if (own !== null && salesmanId && salesmanId !== own) return sql`false`;
  const one = own ?? salesmanId ?? null;
  if (one !== null) return sql`${alias}.salesman_id = ${one}`;
  return each ? sql`${alias}.salesman_id <> 0` : sql`${alias}.salesman_id = 0`;
}

/** The statements over `arrears_day` (no customer in the question): the totals, and the page per salesman. */
function arrearsFromDays({ query, scope, day, page: { take, skip } }: Asked, common: Prisma.Sql[]): ArrearsStatements {
  const salesman = daysOf(scope, query.salesmanId, query.groupBy === 'salesman');
  const filter = and([salesman, ...common]);
  const sums = bucketSums(day, sql`d.billed_on`, sql`d.outstanding`);
  const groupCount =
    query.groupBy === 'salesman'
      ? sql`(count(distinct d.salesman_id) filter (where d.orders > 0))::int`
      : query.groupBy === 'customer'
        ? sql`(select count(*)::int from arrears_customer a where ${customerRows(query, scope)})`
        : sql`0`;
  const totals = sql`
      select coalesce(sum(d.orders), 0)::int as orders, ${groupCount} as groups, coalesce(sum(d.outstanding), 0) as outstanding, ${sums}
        from arrears_day d where ${filter}`;
  const page = sql`
        select d.salesman_id as id, sum(d.orders)::int as orders, sum(d.outstanding) as outstanding, ${sums}
          from arrears_day d where ${filter}
         group by d.salesman_id having sum(d.orders) > 0
         order by sum(d.outstanding) desc, d.salesman_id
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
  // totals sum the days of finance_day (kept by triggers on order_finance; a period is whole days) unless a
  // filter needs the orders' own columns (number, container) or a customer's (its figures, by its index)
  const days: Prisma.Sql[] = [daysOf(scope, query.salesmanId, false)];
  if (query.shipType) days.push(sql`d.ship_type = ${query.shipType}`);
  if (query.createdFrom) days.push(sql`d.created_on >= ${query.createdFrom}::date`);
  if (query.createdTo) days.push(sql`d.created_on <= ${query.createdTo}::date`);
  const totals = orderOnly
    ? figureTotals(sql`orders o join order_finance f on f.order_id = o.id where ${filter}`)
    : query.customerId
      ? figureTotals(sql`order_finance f where ${and(figureWhere)}`)
      : sql`
        select coalesce(sum(d.revenue), 0) as revenue, coalesce(sum(d.cost), 0) as cost,
               coalesce(sum(d.received), 0) as received, coalesce(sum(d.outstanding), 0) as outstanding
          from finance_day d where ${and(days)}`;
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
    totals,
  };
}

/** The inquiry's totals added up from the orders' figures (`f`) of `source`. */
const figureTotals = (source: Prisma.Sql) => sql`
        select coalesce(sum(f.revenue), 0) as revenue, coalesce(sum(f.payable + f.expense), 0) as cost,
               coalesce(sum(f.received), 0) as received, coalesce(sum(f.outstanding), 0) as outstanding
          from ${source}`;
