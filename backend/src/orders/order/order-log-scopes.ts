import { field, registerLogScopes, viaOrder, type LogScopeRule } from '../../admin/log/log-scope.js';
import { Prisma } from '../../generated/prisma/client.js';
import { visibleIssuesSql } from '../bbs/bbs-scope.js';
import { orderScopeSql } from './order-scope.js';

const sql = Prisma.sql;

/** Rows of orders in the user's order scope. */
const orderChild: LogScopeRule = (user) => viaOrder((salesman) => orderScopeSql(user, salesman));

/** The orders' rows of the operation log a non-administrator sees (admin/log/log-scope.ts); registered when the orders' module loads. */
registerLogScopes({
  Order: (user) => orderScopeSql(user, field('salesmanId')),
  OrderTrack: orderChild,
  OrderWorkRecord: orderChild,
  OrderWorkTask: orderChild,
  OrderDocument: orderChild,
  OrderCargoReceipt: orderChild,
  OrderPackingBox: orderChild,
  GoodsReceipt: orderChild,
  OrderBbs: (user) =>
    sql`exists (select 1 from orders o where o.id = ${field('orderId')} and ${visibleIssuesSql(user, { salesman: sql`o.salesman_id`, author: field('createUserId'), handler: field('processedUserId') })})`,
  OrderBbsReply: (user) =>
    sql`exists (select 1 from order_bbs b join orders o on o.id = b.order_id where b.id = ${field('orderBbsId')} and ${visibleIssuesSql(user, { salesman: sql`o.salesman_id`, author: sql`b.create_user_id`, handler: sql`b.processed_user_id` })})`,
});
