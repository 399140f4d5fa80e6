// The sums per day kept by the triggers on order_finance, against a real database (the medium tier,
// test/medium.ts): arrears_day (money outstanding per salesman, line and billing day; migration
// 'arrears_days') and finance_day (the figures per salesman, line and day of creation; migration
// 'finance_days'). After every kind of write each table equals a sum of the figures themselves, and the
// arrears and the inquiry read from them answer exactly what the orders add up to, for every filter,
// grouping, scope and day.
import { AGE_BUCKETS, BUCKET_DAYS, SHIP_TYPES, type AgeBucket, type ShipType } from '@forwarder/domain';
import { useMedium } from '../../test/medium.js';
import type { Principal } from '../common/access.decorators.js';
import { AnalysisService } from './analysis.service.js';
import { ArrearsDto, InquiryDto } from './finance.dto.js';

interface Figure {
  order_id: number;
  customer_id: number;
  ship_type: ShipType;
  salesman_id: number;
  outstanding: string;
  billed_on: Date | null;
}

describe('finance sums by day (medium)', () => {
  const { m, fin, sales, sales2, analysis } = useMedium({ fin: 'fin01', sales: 'sales01', sales2: 'sales02' }, { analysis: AnalysisService });

  /** arrears_day's non-empty rows, and the same sums made from order_finance, as sorted text lines. */
  async function keptAndSummed() {
    const kept = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', salesman_id, ship_type, billed_on, orders, outstanding) as key from arrears_day where orders <> 0 or outstanding <> 0 order by 1`;
    const summed = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', salesman_id, ship_type, billed_on, count(*), sum(outstanding)) as key from (
        select salesman_id, ship_type, billed_on, outstanding from order_finance where outstanding > 0
        union all select 0, ship_type, billed_on, outstanding from order_finance where outstanding > 0) f
       group by salesman_id, ship_type, billed_on order by 1`;
    const keptDays = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', salesman_id, ship_type, created_on, revenue, cost, received, outstanding) as key from finance_day
       where revenue <> 0 or cost <> 0 or received <> 0 or outstanding <> 0 order by 1`;
    const summedDays = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', salesman_id, ship_type, created_on, sum(revenue), sum(payable + expense), sum(received), sum(outstanding)) as key from (
        select salesman_id, ship_type, ((order_created_at at time zone 'UTC') + interval '8 hours')::date as created_on, revenue, payable, expense, received, outstanding from order_finance
        union all select 0, ship_type, ((order_created_at at time zone 'UTC') + interval '8 hours')::date, revenue, payable, expense, received, outstanding from order_finance) f
       group by salesman_id, ship_type, created_on
      having sum(revenue) <> 0 or sum(payable + expense) <> 0 or sum(received) <> 0 or sum(outstanding) <> 0 order by 1`;
    const keptCustomers = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', 'c', ship_type, salesman_id, customer_id, orders, outstanding) as key from arrears_customer where orders <> 0 or outstanding <> 0 order by 1`;
    const summedCustomers = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', 'c', l.ship_type, s.salesman_id, f.customer_id, count(*), sum(f.outstanding)) as key from order_finance f
       cross join lateral (values (f.ship_type), ('*')) l (ship_type) cross join lateral (values (f.salesman_id), (0)) s (salesman_id)
       where f.outstanding > 0 group by l.ship_type, s.salesman_id, f.customer_id order by 1`;
    return {
      kept: [...kept, ...keptDays, ...keptCustomers].map((r) => r.key),
      summed: [...summed, ...summedDays, ...summedCustomers].map((r) => r.key),
    };
  }
  const expectInStep = async () => {
    const { kept, summed } = await keptAndSummed();
    expect(kept).toEqual(summed);
  };

  /** Writes an order's figures as OrderFiguresService.refresh does (an upsert), with the money given. */
  const setFigures = (orderId: number, outstanding: number, billedOn: string | null) =>
    m.prisma.db.$executeRaw`
      insert into order_finance (order_id, ship_type, salesman_id, customer_id, order_created_at, revenue, payable, expense, received, outstanding, billed_on)
      select id, ship_type, salesman_id, customer_id, created_at - (id % 40) * interval '1 day', greatest(${outstanding}::numeric, 0) + 10, 12.5, 3.25, 10, ${outstanding}::numeric, ${billedOn}::date
        from orders where id = ${orderId}
      on conflict (order_id) do update set outstanding = excluded.outstanding, revenue = excluded.revenue, billed_on = excluded.billed_on`;

  /** Whether a figure is in the caller's scope (finance sees everyone's) and of the salesman and line asked. */
  const asked = (f: { salesman_id: number; ship_type: string }, user: Principal, q: { salesmanId?: number; shipType?: string }) =>
    (user === fin || f.salesman_id === user.userId) && (!q.salesmanId || f.salesman_id === q.salesmanId) && (!q.shipType || f.ship_type === q.shipType);

  const orders: number[] = [];
  beforeAll(async () => {
    const days = ['2026-11-20', '2026-10-15', '2026-09-10', '2026-07-01', '2026-11-25'];
    for (const [i, line] of [...SHIP_TYPES, ...SHIP_TYPES, 'airtransport', 'smallbag'].entries()) {
      const order = await m.seed.order(i % 2 ? sales : sales2, { line: line as ShipType });
      orders.push(order.id);
      await setFigures(order.id, 100 + i * 37.5, days[i % days.length]);
    }
  });

  it('follow every write to the figures: new, paid in part, paid in full, billed again, removed, emptied', async () => {
    await expectInStep();
    await setFigures(orders[0], 40.25, '2026-11-20');
    await setFigures(orders[1], 0, '2026-10-15');
    await setFigures(orders[2], 80, '2026-08-01');
    await m.prisma.db.$executeRaw`update order_finance set outstanding = outstanding + 1 where order_id = any(${orders.slice(3, 6)}::int[])`;
    await expectInStep();
    await m.prisma.db.$executeRaw`delete from order_finance where order_id = ${orders[7]}`;
    await expectInStep();
    await setFigures(orders[7], 55, '2026-11-01');
    await expectInStep();
  });

  it('are written in the same transaction: a write rolled back leaves the days as they were', async () => {
    const before = await keptAndSummed();
    await expect(
      m.prisma.db.$transaction(async (tx) => {
        await tx.$executeRaw`update order_finance set outstanding = 0 where order_id = ${orders[3]}`;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await keptAndSummed()).toEqual(before);
  });

  it('answer the arrears totals and the pages per salesman and per customer as the orders in arrears add them up, for every filter, scope and day', async () => {
    const figures = await m.prisma.db.$queryRaw<
      Figure[]
    >`select order_id, customer_id, ship_type, salesman_id, outstanding::text, billed_on from order_finance where outstanding > 0`;
    const ageOf = (asOf: string, billedOn: Date) => Math.round((Date.parse(asOf) - billedOn.getTime()) / 86_400_000);
    const bucketOf = (age: number) => AGE_BUCKETS.find((b) => age <= (BUCKET_DAYS[b][1] ?? Infinity))!;
    const cents = (rows: Figure[]) => rows.reduce((sum, f) => sum + Math.round(Number(f.outstanding) * 100), 0) / 100;
    const expected = (user: Principal, asOf: string, q: Partial<ArrearsDto>) => {
      const rows = figures.filter((f) => asked(f, user, q) && (!q.bucket || bucketOf(Math.max(ageOf(asOf, f.billed_on!), 0)) === q.bucket));
      const inBucket = (b: AgeBucket) => cents(rows.filter((f) => bucketOf(Math.max(ageOf(asOf, f.billed_on!), 0)) === b));
      const salesmen = [...new Set(rows.map((f) => f.salesman_id))];
      const customers = [...new Set(rows.map((f) => f.customer_id))];
      return {
        customers: Object.fromEntries(
          customers.map((id) => {
            const own = rows.filter((f) => f.customer_id === id);
            return [
              id,
              {
                orders: own.length,
                outstanding: cents(own),
                ...Object.fromEntries(AGE_BUCKETS.map((b) => [b, cents(own.filter((f) => bucketOf(Math.max(ageOf(asOf, f.billed_on!), 0)) === b))])),
              },
            ];
          }),
        ),
        totals: { orders: rows.length, outstanding: cents(rows), ...Object.fromEntries(AGE_BUCKETS.map((b) => [b, inBucket(b)])) },
        salesmen: Object.fromEntries(salesmen.map((id) => [id, cents(rows.filter((f) => f.salesman_id === id))])),
      };
    };
    const questions: Partial<ArrearsDto>[] = [
      {},
      { shipType: 'airtransport' },
      { bucket: 'd0_30' },
      { bucket: 'd31_60', shipType: 'smallbag' },
      { bucket: 'd90plus' },
      { salesmanId: sales.userId },
      { salesmanId: sales2.userId, bucket: 'd61_90' },
    ];
    for (const user of [fin, sales, sales2])
      for (const asOf of ['2026-11-26', '2027-02-01'])
        for (const q of questions) {
          const own = user === fin ? null : user.userId;
          const want = expected(user, asOf, q);
          const byOrder = await analysis.arrears(Object.assign(new ArrearsDto(), { ...q, asOf, pageSize: 200 }), user);
          const label = { user: user.account, asOf, ...q };
          expect({ ...label, ...byOrder.totals }).toEqual({ ...label, ...want.totals });
          // a salesman asking for another's finds nothing: a filter only narrows
          if (own !== null && q.salesmanId && q.salesmanId !== own) expect(byOrder.totals.orders).toBe(0);
          expect(byOrder.items).toHaveLength(want.totals.orders);
          const bySalesman = await analysis.arrears(Object.assign(new ArrearsDto(), { ...q, asOf, groupBy: 'salesman', pageSize: 200 }), user);
          expect({ ...label, ...bySalesman.totals }).toEqual({ ...label, ...want.totals });
          expect(bySalesman.totalCount).toBe(Object.keys(want.salesmen).length);
          const items = bySalesman.items as { salesmanId: number; outstanding: number }[];
          expect({ ...label, salesmen: Object.fromEntries(items.map((i) => [i.salesmanId, i.outstanding])) }).toEqual({ ...label, salesmen: want.salesmen });
          const byCustomer = await analysis.arrears(Object.assign(new ArrearsDto(), { ...q, asOf, groupBy: 'customer', pageSize: 200 }), user);
          expect({ ...label, ...byCustomer.totals }).toEqual({ ...label, ...want.totals });
          expect(byCustomer.totalCount).toBe(Object.keys(want.customers).length);
          const ranked = byCustomer.items as ({ customerId: number; orders: number; outstanding: number } & Record<AgeBucket, number>)[];
          expect({
            ...label,
            customers: Object.fromEntries(
              ranked.map(({ customerId, orders, outstanding, d0_30, d31_60, d61_90, d90plus }) => [
                customerId,
                { orders, outstanding, d0_30, d31_60, d61_90, d90plus },
              ]),
            ),
          }).toEqual({ ...label, customers: want.customers });
          // ranked by money outstanding, most first
          expect(ranked.map((c) => c.outstanding)).toEqual(ranked.map((c) => c.outstanding).sort((a, b) => b - a));
        }
  });

  it('answer the inquiry totals as the orders of the period add them up, for every filter and scope', async () => {
    const figures = await m.prisma.db.$queryRaw<
      {
        ship_type: string;
        salesman_id: number;
        customer_id: number;
        created_on: string;
        revenue: string;
        cost: string;
        received: string;
        outstanding: string;
      }[]
    >`
      select ship_type, salesman_id, customer_id, to_char(((order_created_at at time zone 'UTC') + interval '8 hours')::date, 'YYYY-MM-DD') as created_on,
             revenue::text, (payable + expense)::text as cost, received::text, outstanding::text
        from order_finance`;
    const sumOf = (rows: typeof figures, key: 'revenue' | 'cost' | 'received' | 'outstanding') =>
      rows.reduce((sum, f) => sum + Math.round(Number(f[key]) * 100), 0) / 100;
    const days = [...new Set(figures.map((f) => f.created_on))].sort();
    const questions: Partial<InquiryDto>[] = [
      {},
      { createdFrom: days[0], createdTo: days[0] },
      { createdFrom: days[1], createdTo: days.at(-2) },
      { createdFrom: days.at(-1) },
      { createdTo: days[2], shipType: 'airtransport' },
      { salesmanId: sales.userId, createdFrom: days[1] },
      { salesmanId: sales2.userId },
    ];
    for (const user of [fin, sales, sales2])
      for (const q of questions) {
        const rows = figures.filter(
          (f) => asked(f, user, q) && (!q.createdFrom || f.created_on >= q.createdFrom) && (!q.createdTo || f.created_on <= q.createdTo),
        );
        const { totals } = await analysis.inquiry(Object.assign(new InquiryDto(), q), user);
        const label = { user: user.account, ...q };
        const revenue = sumOf(rows, 'revenue');
        const cost = sumOf(rows, 'cost');
        expect({ ...label, ...totals }).toEqual({
          ...label,
          profit: Math.round((revenue - cost) * 100) / 100,
          revenue,
          cost,
          received: sumOf(rows, 'received'),
          outstanding: sumOf(rows, 'outstanding'),
        });
      }
  });
});
