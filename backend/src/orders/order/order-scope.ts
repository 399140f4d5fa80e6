import { ORDER_STAGES, type PermissionCode } from '@forwarder/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { holdsAny } from '../../common/access.decorators.js';
import { ownedBy, EVERYTHING, ownerSql, ownerWhere, type OwnerScope, type Who } from '../../common/data-scope.js';

/**
 * The orders' data scope, the one rule every order read and write goes through (lists, details, lookups
 * by number, exports, counts, batches, and the order's timeline, tasks, work log, documents, cargo and
 * issue board): whoever works on every salesman's orders — a holder of customers:all, order:demotion or
 * any order:upgrade:<stage>, or a super admin — reaches every order; anybody else the orders of their own
 * customers (`salesman_id`, indexed). docs/orders.md, Data scope.
 */
const SEES_ALL: PermissionCode[] = ['customers:all', 'order:demotion', ...ORDER_STAGES.map((s) => `order:upgrade:${s}` as PermissionCode)];

export function orderOwner(user: Who): OwnerScope {
  return holdsAny(user, SEES_ALL) ? EVERYTHING : ownedBy(user.userId);
}

/** The scope as a Prisma condition on `Order` (empty when the caller sees every order). */
export function orderScope(user: Who): { salesmanId?: number } {
  return ownerWhere(orderOwner(user), 'salesmanId');
}

/** The orders in the caller's scope that also match every filter: the filters can only narrow. */
export function ordersInScope(user: Who, ...filters: Prisma.OrderWhereInput[]): Prisma.OrderWhereInput {
  const scope = orderScope(user);
  // without a scope condition the statement stays exactly the filters' (the plain stage count is index-only)
  if (scope.salesmanId === undefined) return filters.length === 1 ? filters[0] : { AND: filters };
  return { AND: [scope, ...filters] };
}

/** The same rule for hand-written SQL, on the statement's salesman column (`o.salesman_id`, `f.salesman_id`). */
export function orderScopeSql(user: Who, salesmanColumn: Prisma.Sql): Prisma.Sql {
  return ownerSql(orderOwner(user), salesmanColumn);
}

/** Staff who hold one of `codes` (through a role) or are super admins: the Prisma form of holdsAny. */
export function usersHolding(codes: readonly PermissionCode[]): Prisma.UserWhereInput {
  return { OR: [{ isSuperAdmin: true }, { roles: { some: { role: { permissions: { some: { permissionCode: { in: [...codes] } } } } } } }] };
}

/** The staff whose order scope takes in an order of this salesman: the same rule as orderOwner, asked of users. */
export function usersSeeingOrdersOf(salesmanId: number | null): Prisma.UserWhereInput {
  const seesAll = usersHolding(SEES_ALL);
  return salesmanId === null ? seesAll : { OR: [seesAll, { id: salesmanId }] };
}
