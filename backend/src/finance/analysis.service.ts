import { Injectable } from '@nestjs/common';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import { FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { skipTake, toPage } from '../common/pagination.js';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { figuresView } from './charges.service.js';
import { FinanceLookups, todayShanghai } from './finance-lookups.service.js';
import { BUCKET_DAYS, bucketOf, type AgeBucket } from './finance-rules.js';
import type { ArrearsDto, InquiryDto } from './finance.dto.js';

/** Inquiry totals are counted up to this many orders, as the order lists do (docs/orders.md). */
export const INQUIRY_COUNT_CAP = 10_000;

/** Finance reads every order's money; a salesman only that of their own orders. */
export const seesAllMoney = (user: Principal) => holdsAny(user, ['finance:list']);

const sql = Prisma.sql;
const and = (parts: Prisma.Sql[]) => (parts.length ? sql`${Prisma.join(parts, ' and ')}` : sql`true`);
const number = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** The first instant of a Shanghai day, and the first instant after it. */
export const shanghaiStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
export const shanghaiEnd = (day: string) => new Date(shanghaiStart(day).getTime() + 86_400_000);

/**
 * Arrears and the order inquiry: each one SQL statement for the page and one for the totals, served by
 * indexes (the partial order_finance_arrears_* indexes hold only orders with money outstanding).
 */
@Injectable()
export class AnalysisService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly lookups: FinanceLookups,
  ) {}

  async arrears(query: ArrearsDto, user: Principal) {
    const asOf = query.asOf ?? todayShanghai();
    const day = sql`${asOf}::date`;
    const where: Prisma.Sql[] = [sql`f.outstanding > 0`];
    if (!seesAllMoney(user)) where.push(sql`f.salesman_id = ${user.userId}`);
    else if (query.salesmanId) where.push(sql`f.salesman_id = ${query.salesmanId}`);
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
    const { skip, take } = skipTake(query);
    // the number of groups only when grouping (a distinct count sorts every row in arrears)
    const groupKey = query.groupBy === 'customer' ? sql`f.customer_id` : sql`f.salesman_id`;
    const groupCount = query.groupBy === 'order' ? sql`0` : sql`count(distinct ${groupKey})::int`;
    const totalsQuery = this.prisma.db.$queryRaw<Record<string, unknown>[]>`
      select count(*)::int as orders, ${groupCount} as groups, coalesce(sum(f.outstanding), 0) as outstanding, ${bucketSums}
        from order_finance f where ${filter}`;
    const buckets = (r: Record<string, unknown>) => ({ d0_30: number(r.d0_30), d31_60: number(r.d31_60), d61_90: number(r.d61_90), d90plus: number(r.d90plus) });

    if (query.groupBy === 'order') {
      const [rows, [totals]] = await Promise.all([
        this.prisma.db.$queryRaw<
          { order_id: number; order_no: string; ship_type: string; customer_id: number; salesman_id: number; revenue: unknown; received: unknown; outstanding: unknown; billed_on: Date; age: number }[]
        >`
          select f.order_id, o.order_no, f.ship_type, f.customer_id, f.salesman_id, f.revenue, f.received, f.outstanding, f.billed_on, (${day} - f.billed_on)::int as age
            from order_finance f join orders o on o.id = f.order_id
           where ${filter}
           order by f.billed_on, f.order_id
           limit ${take} offset ${skip}`,
        totalsQuery,
      ]);
      const [customers, users] = await Promise.all([this.lookups.customers(rows.map((r) => r.customer_id)), this.lookups.userNames(rows.map((r) => r.salesman_id))]);
      const items = rows.map((r) => ({
        orderId: r.order_id,
        orderNo: r.order_no,
        shipType: r.ship_type,
        customerId: r.customer_id,
        customerCode: customers.get(r.customer_id)?.code ?? null,
        customerName: customers.get(r.customer_id)?.companyName ?? null,
        salesmanId: r.salesman_id,
        salesmanName: users.get(r.salesman_id) ?? null,
        revenue: number(r.revenue),
        received: number(r.received),
        outstanding: number(r.outstanding),
        billedOn: r.billed_on.toISOString().slice(0, 10),
        ageDays: r.age,
        bucket: bucketOf(Math.max(r.age, 0)) as AgeBucket,
      }));
      return { ...toPage(items, totals.orders as number, query), asOf, totals: { orders: totals.orders as number, outstanding: number(totals.outstanding), ...buckets(totals) } };
    }

    const key = groupKey;
    const [rows, [totals]] = await Promise.all([
      this.prisma.db.$queryRaw<Record<string, unknown>[]>`
        select ${key} as id, count(*)::int as orders, sum(f.outstanding) as outstanding, ${bucketSums}
          from order_finance f where ${filter}
         group by ${key}
         order by sum(f.outstanding) desc, ${key}
         limit ${take} offset ${skip}`,
      totalsQuery,
    ]);
    const ids = rows.map((r) => r.id as number);
    const groups = totals.groups as number;
    const totalsView = { orders: totals.orders as number, outstanding: number(totals.outstanding), ...buckets(totals) };
    if (query.groupBy === 'customer') {
      const customers = await this.lookups.customers(ids);
      const items = rows.map((r) => ({
        customerId: r.id as number,
        customerCode: customers.get(r.id as number)?.code ?? null,
        customerName: customers.get(r.id as number)?.companyName ?? null,
        orders: r.orders as number,
        outstanding: number(r.outstanding),
        ...buckets(r),
      }));
      return { ...toPage(items, groups, query), asOf, totals: totalsView };
    }
    const users = await this.lookups.userNames(ids);
    const items = rows.map((r) => ({ salesmanId: r.id as number, salesmanName: users.get(r.id as number) ?? null, orders: r.orders as number, outstanding: number(r.outstanding), ...buckets(r) }));
    return { ...toPage(items, groups, query), asOf, totals: totalsView };
  }

  /** An order's whole financial picture, searchable; newest orders first. */
  async inquiry(query: InquiryDto, user: Principal) {
    const { skip, take } = skipTake(query);
    if (skip >= INQUIRY_COUNT_CAP) throw new FieldErrors({ pageIndex: [t('orderPageBeyondCap', { cap: INQUIRY_COUNT_CAP })] });
    // the filters on an order's own columns (o), and the same on the figures' copies of them (f) where it has them
    const where: Prisma.Sql[] = [];
    const figureWhere: Prisma.Sql[] = [];
    const both = (order: Prisma.Sql, figure: Prisma.Sql) => (where.push(order), figureWhere.push(figure));
    if (!seesAllMoney(user)) both(sql`o.salesman_id = ${user.userId}`, sql`f.salesman_id = ${user.userId}`);
    else if (query.salesmanId) both(sql`o.salesman_id = ${query.salesmanId}`, sql`f.salesman_id = ${query.salesmanId}`);
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
    const [rows, [counted], [totals]] = await Promise.all([
      this.prisma.db.$queryRaw<
        {
          order_id: number;
          order_no: string;
          ship_type: string;
          stage: string;
          side_state: string | null;
          customer_id: number;
          salesman_id: number;
          container_no: string | null;
          created_at: Date;
          revenue: Prisma.Decimal | null;
          payable: Prisma.Decimal | null;
          expense: Prisma.Decimal | null;
          received: Prisma.Decimal | null;
          outstanding: Prisma.Decimal | null;
          billed_on: Date | null;
          commission: Prisma.Decimal | null;
        }[]
      >`
        select o.id as order_id, o.order_no, o.ship_type, o.stage, o.side_state, o.customer_id, o.salesman_id, o.container_no, o.created_at,
               f.revenue, f.payable, f.expense, f.received, f.outstanding, f.billed_on, c.amount as commission
          from orders o
          left join order_finance f on f.order_id = o.id
          left join order_commission c on c.order_id = o.id and c.reversed_at is null
         where ${filter}
         order by o.created_at desc, o.id desc
         limit ${take} offset ${skip}`,
      this.prisma.db.$queryRaw<{ n: number }[]>`select count(*)::int as n from (select 1 from orders o where ${filter} limit ${INQUIRY_COUNT_CAP + 1}) x`,
      this.prisma.db.$queryRaw<Record<string, unknown>[]>`
        select coalesce(sum(f.revenue), 0) as revenue, coalesce(sum(f.payable + f.expense), 0) as cost,
               coalesce(sum(f.received), 0) as received, coalesce(sum(f.outstanding), 0) as outstanding
          from ${totalsSource}`,
    ]);
    const [customers, users] = await Promise.all([this.lookups.customers(rows.map((r) => r.customer_id)), this.lookups.userNames(rows.map((r) => r.salesman_id))]);
    const items = rows.map((r) => {
      const figures = figuresView(r.revenue === null ? null : { revenue: r.revenue, payable: r.payable!, expense: r.expense!, received: r.received!, outstanding: r.outstanding!, billedOn: r.billed_on });
      return {
        orderId: r.order_id,
        orderNo: r.order_no,
        shipType: r.ship_type,
        stage: r.stage,
        sideState: r.side_state,
        customerId: r.customer_id,
        customerCode: customers.get(r.customer_id)?.code ?? null,
        customerName: customers.get(r.customer_id)?.companyName ?? null,
        salesmanId: r.salesman_id,
        salesmanName: users.get(r.salesman_id) ?? null,
        containerNo: r.container_no,
        createdAt: r.created_at,
        ...figures,
        commission: r.commission === null ? null : Number(r.commission),
      };
    });
    const revenue = number(totals.revenue);
    const cost = number(totals.cost);
    return {
      ...toPage(items, Math.min(counted.n, INQUIRY_COUNT_CAP), query),
      totalCapped: counted.n > INQUIRY_COUNT_CAP,
      totals: { revenue, cost, received: number(totals.received), outstanding: number(totals.outstanding), profit: Math.round((revenue - cost) * 100) / 100 },
    };
  }
}
