// The order totals kept in order_count by the triggers on orders (migration 'order_counts'), against a real
// database (the medium tier, test/medium.ts): after every kind of write the table equals a count of the
// orders themselves, a rolled-back write leaves it as it was, and the lists' totals and the home page's
// counts read it within each caller's scope.
import { useMedium } from '../../../test/medium.js';
import type { Principal } from '../../common/access.decorators.js';
import { WorkbenchService } from '../../workbench/workbench.service.js';
import { OrderListDto } from './orders.dto.js';
import { OrdersService } from './orders.service.js';

describe('order counts (medium)', () => {
  const { m, admin, sales, sales2, op, orders, workbench } = useMedium(
    { admin: 'admin', sales: 'sales01', sales2: 'sales02', op: 'op01' },
    { orders: OrdersService, workbench: WorkbenchService },
  );

  /** order_count's non-zero rows, and the same figures counted from the orders, as sorted text lines. */
  async function keptAndCounted() {
    const kept = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', ship_type, bucket, salesman_id, n) as key from order_count where n <> 0 order by 1`;
    const counted = await m.prisma.db.$queryRaw<{ key: string }[]>`
      select concat_ws(' ', ship_type, coalesce(side_state, stage), salesman_id, count(*)) as key from orders group by ship_type, coalesce(side_state, stage), salesman_id order by 1`;
    return { kept: kept.map((r) => r.key), counted: counted.map((r) => r.key) };
  }
  const expectInStep = async () => {
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
  };

  const list = (user: Principal, view: OrderListDto['view'], fields: Partial<OrderListDto> = {}) =>
    orders.list(Object.assign(new OrderListDto(), { shipType: 'airtransport', view, pageSize: 200, ...fields }), user);

  it('follows every write to orders: add, batch move, demotion, hold, void, revoke, change of salesman, delete', async () => {
    await expectInStep();
    const a = await m.seed.order(sales, { line: 'airtransport' });
    const b = await m.seed.order(sales, { line: 'airtransport' });
    const c = await m.seed.order(sales2, { line: 'smallbag' });
    await expectInStep();
    await orders.upgrade('warehouse', { ids: [a.id, b.id] }, op);
    await expectInStep();
    await orders.demote(a.id, { reason: '重量有误', ver: (await m.prisma.db.order.findUniqueOrThrow({ where: { id: a.id } })).ver }, op);
    await orders.hold('abnormal', b.id, { id: b.id, reason: '破损', ver: (await m.prisma.db.order.findUniqueOrThrow({ where: { id: b.id } })).ver }, op);
    await orders.hold('delete', c.id, { reason: '客户取消' }, op);
    await expectInStep();
    await orders.revoke('abnormal', b.id, {}, op);
    await m.prisma.db.order.update({ where: { id: a.id }, data: { salesmanId: sales2.userId } });
    await expectInStep();
    await m.prisma.db.order.delete({ where: { id: c.id } });
    await expectInStep();
  });

  it('is written in the same transaction: a write rolled back leaves the counts as they were', async () => {
    const order = await m.seed.order(sales, { line: 'airtransport' });
    const before = await keptAndCounted();
    await expect(
      m.prisma.db.$transaction(async (tx) => {
        await tx.order.update({ where: { id: order.id }, data: { stage: 'warehouse' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await keptAndCounted()).toEqual(before);
  });

  it("gives every view's total within the caller's scope, the salesman filter narrowing it", async () => {
    const mine = await m.seed.order(sales, { line: 'airtransport' });
    await m.seed.order(sales2, { line: 'airtransport' });
    await orders.hold('detain', mine.id, { id: mine.id, reason: '查验', ver: mine.ver }, op);
    for (const view of ['created', 'warehouse', 'all', 'detain', 'abnormal', 'delete'] as const) {
      for (const user of [admin, sales, sales2]) {
        const page = await list(user, view);
        expect({ view, user: user.account, total: page.totalCount }).toEqual({ view, user: user.account, total: page.items.length });
        expect(page.totalCapped).toBe(false);
      }
      // an administrator narrowing to one salesman; a salesman asking for another's orders gets none
      const narrowed = await list(admin, view, { salesmanId: sales.userId });
      expect(narrowed.totalCount).toBe(narrowed.items.length);
      expect(narrowed.items.every((o) => o.salesmanId === sales.userId)).toBe(true);
      expect(await list(sales2, view, { salesmanId: sales.userId })).toMatchObject({ totalCount: 0, items: [] });
    }
  });

  it("gives the home page's counts per line and bucket within the caller's scope, voided orders left out", async () => {
    const voided = await m.seed.order(sales2, { line: 'dedicatedline' });
    await orders.hold('delete', voided.id, { reason: '取消' }, op);
    for (const user of [admin, sales, sales2]) {
      const { orderCounts } = await workbench.summary(user);
      const scope = user.account === 'admin' ? {} : { salesmanId: user.userId };
      const rows = await m.prisma.db.order.groupBy({
        by: ['shipType', 'stage', 'sideState'],
        where: { ...scope, OR: [{ sideState: null }, { sideState: { in: ['abnormal', 'detain'] } }] },
        _count: { _all: true },
      });
      const counted: Record<string, Record<string, number>> = {};
      for (const row of rows) {
        const bucket = row.sideState ?? row.stage;
        (counted[row.shipType] ??= {})[bucket] = (counted[row.shipType]?.[bucket] ?? 0) + row._count._all;
      }
      expect(orderCounts).toEqual(counted);
    }
    expect((await workbench.summary(sales2)).orderCounts?.dedicatedline?.delete).toBeUndefined();
  });
});
