import { HOLDS, SIDE_STATES, STAGES, type OrderStage, type OrderView, type SideState } from '@forwarder/domain';
import { Prisma } from '../../generated/prisma/client.js';

/**
 * Which orders a list view shows, the one rule the three forms below are drawn from: a stage's view shows
 * its orders at that stage with no side state, a side state's view the orders in it, and `all` every order
 * but the voided ones (held orders included). `viewWhere` is the rule as a Prisma condition (the list with
 * its filters, the exports); `viewSql` the same for hand-written SQL (the stage screens' pages as they
 * open, OrdersService.list); `viewBuckets` as the buckets of the kept totals (order-counts.ts).
 * test/order-views.spec.ts holds the three to the same orders and totals. The rule: the stage the view is
 * of (none for `all` and the side states), whether orders with no side state are in, and which side states
 * are.
 */
function viewRule(view: OrderView): { stage?: OrderStage; noSideState: boolean; sideStates: SideState[] } {
  if (view === 'all') return { noSideState: true, sideStates: [...HOLDS] };
  if ((SIDE_STATES as readonly string[]).includes(view)) return { noSideState: false, sideStates: [view as SideState] };
  return { stage: view as OrderStage, noSideState: true, sideStates: [] };
}

/** The view's orders as a Prisma condition on `Order`. */
export function viewWhere(view: OrderView): Prisma.OrderWhereInput {
  const { stage, noSideState, sideStates } = viewRule(view);
  // a plain `sideState <> 'delete'` would drop the orders with no side state (SQL's null)
  const side: Prisma.OrderWhereInput = !noSideState
    ? { sideState: { in: sideStates } }
    : sideStates.length
      ? { OR: [{ sideState: null }, { sideState: { in: sideStates } }] }
      : { sideState: null };
  return stage ? { stage, ...side } : side;
}

/** The view's orders as SQL on the `orders` table's own columns (`side_state is null` as the partial indexes have it). */
export function viewSql(view: OrderView): Prisma.Sql {
  const { stage, noSideState, sideStates } = viewRule(view);
  const side = !noSideState
    ? Prisma.sql`side_state = any(${sideStates})`
    : sideStates.length
      ? Prisma.sql`(side_state is null or side_state = any(${sideStates}))`
      : Prisma.sql`side_state is null`;
  return stage ? Prisma.sql`stage = ${stage} and ${side}` : side;
}

/**
 * The view's orders as buckets of `order_count` (order-counts.ts), where an order counts under its side
 * state when it has one, else under its stage.
 */
export function viewBuckets(view: OrderView): string[] {
  const { stage, noSideState, sideStates } = viewRule(view);
  const stages = !noSideState ? [] : stage ? [stage] : STAGES.map((each) => each.code);
  return [...stages, ...sideStates];
}
