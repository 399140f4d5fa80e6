import type { Principal } from '../../common/access.decorators.js';
import { Prisma } from '../../generated/prisma/client.js';
import { orderOwner, orderScope, orderScopeSql } from '../order/order-scope.js';

/**
 * The issue board's data scope, the one rule its reads and writes go through (docs/issue-board.md, Who may do
 * what), as a Prisma condition and as SQL (the operation log).
 */

export const involving = (user: Principal) => ({ OR: [{ createUserId: user.userId }, { processedUserId: user.userId }] }) satisfies Prisma.OrderIssueWhereInput;

/**
 * Issues the user sees: those on orders of orderScope, plus those the user wrote or handles (a salesman
 * asked to handle an issue on a colleague's order must be able to answer it, and only that issue).
 */
export function visibleIssues(user: Principal): Prisma.OrderIssueWhereInput {
  if (orderOwner(user).ownerId === null) return {};
  return { OR: [{ order: orderScope(user) }, ...involving(user).OR] };
}

/** visibleIssues for hand-written SQL (the operation log): the issue's order salesman, author and handler columns. */
export function visibleIssuesSql(user: Principal, columns: { salesman: Prisma.Sql; author: Prisma.Sql; handler: Prisma.Sql }): Prisma.Sql {
  if (orderOwner(user).ownerId === null) return Prisma.sql`true`;
  return Prisma.sql`(${orderScopeSql(user, columns.salesman)} or ${columns.author} = ${user.userId} or ${columns.handler} = ${user.userId})`;
}
