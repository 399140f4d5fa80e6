import { holdsAny } from '../common/access.decorators.js';
import { EVERYTHING, ownedBy, ownerSql, ownerWhere, type OwnerScope, type Who } from '../common/data-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import { orderScope } from '../orders/order/order-scope.js';

/**
 * The finance data scope, the one place that decides whose money a principal reaches (docs/finance.md):
 *
 * - **Money of orders** (charges, reconciliation, order figures, arrears, inquiry, commissions, the
 *   report, the cost import): holders of finance:list (finance, or a super admin) reach every order;
 *   anybody else only the orders of their own customers (`salesman_id`, indexed on orders and on
 *   order_finance).
 * - **Records** (expense claims and hand-ins): holders of finance:list or finance:audit reach every
 *   record; anybody else the records they registered (`created_by`).
 *
 * Each is one OwnerScope read as a Prisma condition and as an SQL condition; filters are added beside it
 * with AND, so a filter naming another salesman, customer or order only narrows.
 */

/** Whose order money the caller reads: everyone's (`ownSalesmanId: null`) or one salesman's (the statements of analysis-sql.ts take this). */
export type MoneyScope = { ownSalesmanId: number | null };

export const seesAllMoney = (user: Who) => holdsAny(user, ['finance:list']);

export function moneyScope(user: Who): MoneyScope {
  return { ownSalesmanId: seesAllMoney(user) ? null : user.userId };
}

const moneyOwner = (scope: MoneyScope): OwnerScope => (scope.ownSalesmanId === null ? EVERYTHING : ownedBy(scope.ownSalesmanId));

/** The orders whose money the caller reaches, as a Prisma condition on `Order`. */
export function moneyOrders(user: Who): Prisma.OrderWhereInput {
  return ownerWhere(moneyOwner(moneyScope(user)), 'salesmanId');
}

/** Those orders and every filter (the filters only narrow). */
export function moneyOrdersWith(user: Who, ...filters: Prisma.OrderWhereInput[]): Prisma.OrderWhereInput {
  return { AND: [moneyOrders(user), ...filters] };
}

/** The same for hand-written SQL, on the statement's salesman column (`o.salesman_id`, `f.salesman_id`). */
export function moneySql(scope: MoneyScope, salesmanColumn: Prisma.Sql): Prisma.Sql {
  return ownerSql(moneyOwner(scope), salesmanColumn);
}

export const seesAllRecords = (user: Who) => holdsAny(user, ['finance:list', 'finance:audit']);

const recordOwner = (user: Who): OwnerScope => (seesAllRecords(user) ? EVERYTHING : ownedBy(user.userId));

/** The records the caller reaches, as a Prisma condition on `FinanceRecord`. */
export function recordScope(user: Who): Prisma.FinanceRecordWhereInput {
  return ownerWhere(recordOwner(user), 'createdBy');
}

/** Those records and every filter (the filters only narrow). */
export function recordsWith(user: Who, ...filters: Prisma.FinanceRecordWhereInput[]): Prisma.FinanceRecordWhereInput {
  return { AND: [recordScope(user), ...filters] };
}

/**
 * The orders the caller may name to find records (an order-number prefix is resolved among them, so its
 * count tells nothing of other orders): every order for those who reach every record; anybody else their
 * order scope, where the order of every record they registered was (a record takes only such an order).
 */
export function recordOrders(user: Who): Prisma.OrderWhereInput {
  return seesAllRecords(user) ? {} : orderScope(user);
}

/** The record scope for hand-written SQL, on the statement's registrant column. */
export function recordScopeSql(user: Who, createdByColumn: Prisma.Sql): Prisma.Sql {
  return ownerSql(recordOwner(user), createdByColumn);
}
