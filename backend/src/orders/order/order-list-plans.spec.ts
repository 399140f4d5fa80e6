// The order lists' statements are served by the indexes written for them by hand (migrations 'orders',
// 'order_counts', 'order_search_indexes'; docs/orders.md, Totals), against a real database: with sequential
// scans priced out, the planner reads each filter through its index. Without the index the plan is a
// sequential scan and the test fails.
import { useMedium } from '../../../test/medium.js';

describe('order list plans (medium)', () => {
  const { m } = useMedium();

  /** The names of the indexes in the plan of `statement`, sequential scans priced out (one transaction, settings local to it). */
  async function indexesOf(statement: string, ...values: unknown[]): Promise<string[]> {
    return m.prisma.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('set local enable_seqscan = off');
      const [{ plan }] = await tx
        .$queryRawUnsafe<{ plan: string }[]>(`explain (format json) ${statement}`, ...values)
        .then((rows) => rows.map((row) => ({ plan: JSON.stringify(row) })));
      return [...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]);
    });
  }

  it('reads a stage screen from the partial stage index, and a salesman’s own from the salesman’s', async () => {
    expect(
      await indexesOf(
        `select id from orders where ship_type = $1 and stage = $2 and side_state is null order by created_at desc, id desc limit 20`,
        'smallbag',
        'warehouse',
      ),
    ).toContain('order_stage_list_idx');
    expect(
      await indexesOf(
        `select id from orders where salesman_id = $1 and ship_type = $2 and stage = $3 and side_state is null order by created_at desc, id desc limit 20`,
        2,
        'smallbag',
        'warehouse',
      ),
    ).toContain('order_salesman_stage_list_idx');
  });

  it('finds a part of any searched column through its trigram index (the filled ones where filled)', async () => {
    const columns = ['order_no', 'shipping_mark', 'goods_name', 'container_no', 'waybill_no', 'bill_of_lading_no'];
    // the key's condition alone (a test database is small enough for the line's own index to look cheaper)
    const used = await indexesOf(`select id from orders where ${columns.map((c) => `${c}::text ilike $1`).join(' or ')}`, '%abc123%');
    expect(used.sort()).toEqual(columns.map((c) => `order_search_${c}_idx`).sort());
  });
});
