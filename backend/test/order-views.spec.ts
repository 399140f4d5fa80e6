// A stage screen's page as it opens (a view with at most the salesman filter) is read on the direct path
// (OrdersService.viewPage, order-views.ts viewSql); with any other filter through Prisma (viewWhere). Both
// forms of the view rule must answer the same orders in the same order, in every view, sort and scope.
import { ORDER_VIEWS } from '@forwarder/domain';
import { requestAs, type Session } from './app.js';
import { MOVABLE_ORDER, useOrderFixture } from './order-fixtures.js';

type Item = { id: number; stage: string; sideState: string | null };
type Page = { items: Item[]; total: number };

describe('order list views: the direct page and the Prisma page agree', () => {
  const { t, fx, admin, sales } = useOrderFixture(['order:list']);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // orders of both salesmen at several stages, with and without an ETD, one held and one voided
    const order = (foreign: boolean, over: Record<string, unknown> = {}) => fx.addOrder('dedicatedline', { ...MOVABLE_ORDER, ...over }, foreign);
    const [a, b, c, d, e, f] = await Promise.all([order(false), order(false), order(true), order(true), order(false), order(true)]);
    await fx.moveTo(b, 'warehouse');
    await fx.moveTo(c, 'warehouse');
    await fx.moveTo(d, 'completeCabinet');
    await fx.hold(e);
    await fx.voidOrder(f);
    await t.prisma.db.order.update({ where: { id: a.id }, data: { etd: new Date('2026-12-02T00:00:00Z'), grossWeight: 10 } });
    await t.prisma.db.order.update({ where: { id: c.id }, data: { etd: new Date('2026-12-01T00:00:00Z') } });
    Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id, held: e.id, voided: f.id });
  });

  const list = async (by: Session, body: Record<string, unknown>): Promise<Page> =>
    (
      await requestAs(t, by)
        .post('/api/v1/order/list')
        .send({ shipType: 'dedicatedline', pageSize: 100, ...body })
        .expect(200)
    ).body.data;

  it('answers the same page and total on both paths, for every view, sort and caller', async () => {
    const seen = new Map<string, number[]>();
    for (const [who, by] of [
      ['admin', admin],
      ['salesman', sales],
    ] as const)
      for (const view of ORDER_VIEWS)
        for (const [sortField, sortOrder] of [
          ['createdAt', 'desc'],
          ['etd', 'asc'],
          ['grossWeight', 'desc'],
          ['orderNo', 'asc'],
        ])
          for (const salesmanId of [undefined, sales.userid]) {
            const query = { view, sortField, sortOrder, salesmanId };
            const direct = await list(by, query);
            // a date filter that leaves nothing out takes the list through Prisma, its total counted with SQL
            const prisma = await list(by, { ...query, createdFrom: '2000-01-01T00:00:00.000Z' });
            const label = `${who} ${view} ${sortField} ${sortOrder} ${salesmanId ?? ''}`;
            expect({ label, ids: direct.items.map((i) => i.id), total: direct.total }).toEqual({
              label,
              ids: prisma.items.map((i) => i.id),
              total: prisma.total,
            });
            if (sortField === 'createdAt' && salesmanId === undefined)
              seen.set(
                `${who} ${view}`,
                direct.items.map((i) => i.id),
              );
          }
    // the comparison saw the orders where the rule puts them (not empty pages that agree by being empty)
    const has = (key: string, ...wanted: number[]) => expect(seen.get(key)).toEqual(expect.arrayContaining(wanted));
    has('admin warehouse', ids.b, ids.c);
    has('admin completeCabinet', ids.d);
    has('admin abnormal', ids.held);
    has('admin delete', ids.voided);
    has('admin all', ids.a, ids.b, ids.c, ids.d, ids.held);
    expect(seen.get('admin all')).not.toContain(ids.voided);
    expect(seen.get('admin warehouse')).not.toContain(ids.held);
    // the salesman sees only the orders of their own customers
    has('salesman warehouse', ids.b);
    expect(seen.get('salesman warehouse')).not.toContain(ids.c);
    expect(seen.get('salesman all')).not.toContain(ids.d);
  });
});
