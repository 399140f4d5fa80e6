import { HOLDS, SIDE_STATES, type OrderStage, type OrderView, type SideState } from '@forwarder/domain';
import { Prisma } from '../../generated/prisma/client.js';

/**
 * Which orders a list view shows, the one rule both forms below are drawn from: a stage's view shows its
 * orders at that stage with no side state, a side state's view the orders in it, and `all` every order but
 * the voided ones (held orders included). `viewWhere` is the rule as a Prisma condition (the list with its
 * filters, the exports); `viewSql` the same for hand-written SQL (the stage screens' pages as they open,
 * OrdersService.list). test/order-views.spec.ts holds the two to the same orders.
 */
function viewRule(view: OrderView): { stage?: OrderStage; sideStates: (SideState | null)[] } {
  if (view === 'all') return { sideStates: [null, ...HOLDS] };
  if ((SIDE_STATES as readonly string[]).includes(view)) return { sideStates: [view as SideState] };
  return { stage: view as OrderStage, sideStates: [null] };
}

const held = (states: (SideState | null)[]) => states.filter((state): state is SideState => state !== null);

/** The view's orders as a Prisma condition on `Order`. */
export function viewWhere(view: OrderView): Prisma.OrderWhereInput {
  const { stage, sideStates } = viewRule(view);
  const states = held(sideStates);
  const none = sideStates.includes(null);
  // a plain `sideState <> 'delete'` would drop the orders with no side state (SQL's null)
  const side: Prisma.OrderWhereInput =
    none && states.length ? { OR: [{ sideState: null }, { sideState: { in: states } }] } : none ? { sideState: null } : { sideState: { in: states } };
  return stage ? { stage, ...side } : side;
}

/** The view's orders as SQL on the `orders` table's own columns (`side_state is null` as the partial indexes have it). */
export function viewSql(view: OrderView): Prisma.Sql {
  const { stage, sideStates } = viewRule(view);
  const states = held(sideStates);
  const none = sideStates.includes(null);
  const side =
    none && states.length
      ? Prisma.sql`(side_state is null or side_state = any(${states}))`
      : none
        ? Prisma.sql`side_state is null`
        : Prisma.sql`side_state = any(${states})`;
  return stage ? Prisma.sql`stage = ${stage} and ${side}` : side;
}
