import { field, registerLogScopes, viaOrder, type LogScopeRule } from '../../admin/log/log-scope.js';
import { Prisma } from '../../generated/prisma/client.js';
import { visibleIssuesSql } from '../issue-board/issue-scope.js';
import { orderScopeSql } from './order-scope.js';

const sql = Prisma.sql;

/** Rows of orders in the user's order scope. */
const orderChild: LogScopeRule = (user) => viaOrder((salesman) => orderScopeSql(user, salesman));

/** An issue's row: one the user may see (the issue board's scope). */
const issueRow: LogScopeRule = (user) =>
  sql`exists (select 1 from orders o where o.id = ${field('orderId')} and ${visibleIssuesSql(user, { salesman: sql`o.salesman_id`, author: field('createUserId'), handler: field('processedUserId') })})`;
/** A reply's row: its issue (the field naming it) is one the user may see. */
const issueReplyRow =
  (issueField: string): LogScopeRule =>
  (user) =>
    sql`exists (select 1 from order_bbs b join orders o on o.id = b.order_id where b.id = ${field(issueField)} and ${visibleIssuesSql(user, { salesman: sql`o.salesman_id`, author: sql`b.create_user_id`, handler: sql`b.processed_user_id` })})`;

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
  OrderIssue: issueRow,
  OrderIssueReply: issueReplyRow('issueId'),
  // Rows written before the issue board's models were renamed name them OrderBbs and OrderBbsReply.
  OrderBbs: issueRow,
  OrderBbsReply: issueReplyRow('orderBbsId'),
});
