import { Prisma } from '../generated/prisma/client.js';
import type { Principal } from './access.decorators.js';

/**
 * What one area lets a principal reach: every record (`ownerId: null`), or the records of one owner (a
 * salesman's customers and orders, a registrant's finance records). Each area decides it in one place
 * (customers/customer-scope.ts, orders/order/order-scope.ts, finance/finance-scope.ts) and turns it into a
 * Prisma condition and, for hand-written statements, an SQL condition with these two helpers, so both
 * readings come from the same rule. Filters are added beside it with AND: they can only narrow.
 */
export interface OwnerScope {
  ownerId: number | null;
}

/** What a scope rule reads of the caller. */
export type Who = Pick<Principal, 'userId' | 'isSuperAdmin' | 'permissionCodes'>;

export const EVERYTHING: OwnerScope = { ownerId: null };
export const ownedBy = (userId: number): OwnerScope => ({ ownerId: userId });

/** `{ [field]: ownerId }`, or no condition when the scope holds everything. */
export function ownerWhere<F extends string>(scope: OwnerScope, field: F): Partial<Record<F, number>> {
  return scope.ownerId === null ? {} : ({ [field]: scope.ownerId } as Record<F, number>);
}

/** `column = ownerId`, or `true` when the scope holds everything. */
export function ownerSql(scope: OwnerScope, column: Prisma.Sql): Prisma.Sql {
  return scope.ownerId === null ? Prisma.sql`true` : Prisma.sql`${column} = ${scope.ownerId}`;
}
