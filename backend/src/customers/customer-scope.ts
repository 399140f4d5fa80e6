import { holdsAny } from '../common/access.decorators.js';
import { EVERYTHING, ownedBy, ownerSql, ownerWhere, type OwnerScope, type Who } from '../common/data-scope.js';
import { Prisma } from '../generated/prisma/client.js';

/**
 * The customers' data scope, the one rule every customer read and write goes through (docs/customers.md,
 * Data scope): a holder of customers:all (or a super admin) sees and changes every customer; anybody else
 * changes their own customers (`salesman_id`, indexed) and reads those plus the public pool.
 */

/** Who is asking, as far as the data scope is concerned. */
export interface Viewer {
  userId: number;
  /** holds customers:all (or is a super admin): sees every salesman's customers */
  seesAll: boolean;
}

export function viewerOf(user: Who): Viewer {
  return { userId: user.userId, seesAll: holdsAny(user, ['customers:all']) };
}

const ownerOf = (viewer: Viewer): OwnerScope => (viewer.seesAll ? EVERYTHING : ownedBy(viewer.userId));

/** What the viewer may change: their own customers, or every customer with customers:all. */
export function ownScope(viewer: Viewer): Prisma.CustomerWhereInput {
  return ownerWhere(ownerOf(viewer), 'salesmanId');
}

/** What the viewer may read: what they may change, plus the public pool. */
export function readScope(viewer: Viewer): Prisma.CustomerWhereInput {
  return viewer.seesAll ? {} : { OR: [{ salesmanId: viewer.userId }, { salesmanId: null }] };
}

/** Customers that belong to a salesman within the viewer's scope (the pool left out): the owned list screens. */
export function ownedCustomers(viewer: Viewer): Prisma.CustomerWhereInput {
  return viewer.seesAll ? { salesmanId: { not: null } } : { salesmanId: viewer.userId };
}

/** ownScope for hand-written SQL, on the statement's salesman column (`c.salesman_id`). */
export function ownScopeSql(viewer: Viewer, salesmanColumn: Prisma.Sql): Prisma.Sql {
  return ownerSql(ownerOf(viewer), salesmanColumn);
}
