import type { OrderView } from '@forwarder/domain';
import type { Who } from '../../common/data-scope.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { PrismaService } from '../../prisma/prisma.service.js';
import { orderOwner } from './order-scope.js';
import { viewBuckets } from './order-views.js';

/**
 * Exact order totals without counting orders: the table order_count holds how many orders each line has
 * per bucket (the side state when the order has one, else its stage) and salesman, kept by triggers on
 * `orders` in the same transaction as every write (migration 'order_counts'; docs/orders.md, Totals).
 * A view's total is a sum of a few rows of it, whatever the number of orders; the orders' scope rule
 * (orderOwner) picks the salesman's rows for a caller who sees only their own orders.
 */

const sql = Prisma.sql;
/** The buckets a list view takes in (the view rule, order-views.ts): `all` every one but voided. */
const bucketsOf = (view: OrderView) => sql`bucket = any(${viewBuckets(view)})`;
const ofSalesman = (salesmanId: number | undefined) => (salesmanId === undefined ? sql`true` : sql`salesman_id = ${salesmanId}`);

/**
 * The number of orders of a line in one view within the caller's scope, narrowed to one salesman when
 * `salesmanId` is given (the list's salesman filter): a filter only narrows, so a salesman who sees only
 * their own orders and asks for someone else's gets 0.
 */
export async function viewTotal(prisma: PrismaService, user: Who, shipType: string, view: OrderView, salesmanId?: number | null): Promise<number> {
  const { ownerId } = orderOwner(user);
  if (ownerId !== null && salesmanId && salesmanId !== ownerId) return 0;
  // on the pool under Prisma (readRows): the busiest screens' only other statement is the page's
  const [{ n }] = await prisma.readRows<[{ n: number }]>(
    sql`select coalesce(sum(n), 0)::int as n from order_count where ship_type = ${shipType} and ${bucketsOf(view)} and ${ofSalesman(ownerId ?? salesmanId ?? undefined)}`,
  );
  return n;
}

/** Orders per line, then per bucket, in the caller's scope: voided orders left out (the home page's counts). */
export async function bucketTotals(prisma: PrismaService, user: Who): Promise<Record<string, Record<string, number>>> {
  const { ownerId } = orderOwner(user);
  const rows = await prisma.readRows<{ ship_type: string; bucket: string; n: number }[]>(
    sql`select ship_type, bucket, sum(n)::int as n from order_count where ${bucketsOf('all')} and ${ofSalesman(ownerId ?? undefined)}
         group by ship_type, bucket having sum(n) > 0`,
  );
  const counts: Record<string, Record<string, number>> = {};
  for (const row of rows) (counts[row.ship_type] ??= {})[row.bucket] = row.n;
  return counts;
}
