import { field, registerLogScopes, type LogScopeRule } from '../admin/log/log-scope.js';
import { Prisma } from '../generated/prisma/client.js';
import { ownScopeSql, viewerOf } from './customer-scope.js';

const sql = Prisma.sql;

/** Accounts, codes and history of the customers the user owns now. */
const ownedCustomerChild: LogScopeRule = (user) =>
  sql`exists (select 1 from customer c where c.id = ${field('customerId')} and c.salesman_id is not null and ${ownScopeSql(viewerOf(user), sql`c.salesman_id`)})`;

/** The customers' rows of the operation log a non-administrator sees (admin/log/log-scope.ts); registered when the customers' module loads. */
registerLogScopes({
  Customer: (user) => {
    const viewer = viewerOf(user);
    return sql`(${ownScopeSql(viewer, field('salesmanId', 'before'))} or ${ownScopeSql(viewer, field('salesmanId', 'after'))})`;
  },
  CustomerWechat: ownedCustomerChild,
  CustomerBindCode: ownedCustomerChild,
  CustomerLog: ownedCustomerChild,
});
