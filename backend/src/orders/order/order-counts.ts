import { HOLDS, SIDE_STATES, type OrderView } from '@forwarder/domain';
import type { Who } from '../../common/data-scope.js';
import type { PrismaService } from '../../prisma/prisma.service.js';
import { orderOwner } from './order-scope.js';

/**
 * Exact order totals without counting orders: the table order_count holds how many orders each line has
 * per bucket (the side state when the order has one, else its stage) and salesman, kept by triggers on
 * `orders` in the same transaction as every write (migration 'order_counts'; docs/orders.md, Totals).
 * A view's total is a sum of a few rows of it, whatever the number of orders; the orders' scope rule
 * (orderOwner) picks the salesman's rows for a caller who sees only their own orders.
 */

/** The buckets a list view takes in: a stage or side state is its own bucket; `all` every one but voided. */
function bucketsOf(view: OrderView): { in?: string[]; notIn?: string[] } {
  if (view === 'all') return { notIn: SIDE_STATES.filter((state) => !(HOLDS as readonly string[]).includes(state)) };
  return { in: [view] };
}

/**
 * The number of orders of a line in one view within the caller's scope, narrowed to one salesman when
 * `salesmanId` is given (the list's salesman filter): a filter only narrows, so a salesman who sees only
 * their own orders and asks for someone else's gets 0.
 */
export async function viewTotal(prisma: PrismaService, user: Who, shipType: string, view: OrderView, salesmanId?: number | null): Promise<number> {
  const { ownerId } = orderOwner(user);
  if (ownerId !== null && salesmanId && salesmanId !== ownerId) return 0;
  const salesman = ownerId ?? salesmanId ?? undefined;
  const { _sum } = await prisma.db.orderCount.aggregate({
    where: { shipType, bucket: bucketsOf(view), salesmanId: salesman },
    _sum: { n: true },
  });
  return _sum.n ?? 0;
}

/** Orders per line, then per bucket, in the caller's scope: voided orders left out (the home page's counts). */
export async function bucketTotals(prisma: PrismaService, user: Who): Promise<Record<string, Record<string, number>>> {
  const { ownerId } = orderOwner(user);
  const rows = await prisma.db.orderCount.groupBy({
    by: ['shipType', 'bucket'],
    where: { bucket: bucketsOf('all'), salesmanId: ownerId ?? undefined, n: { gt: 0 } },
    _sum: { n: true },
  });
  const counts: Record<string, Record<string, number>> = {};
  for (const row of rows) if (row._sum.n) (counts[row.shipType] ??= {})[row.bucket] = row._sum.n;
  return counts;
}
