import { holdsAny, type Principal } from '../../common/access.decorators.js';
import { viewerOf, ownScopeSql } from '../../customers/customer-scope.js';
import { moneyScope, moneySql, recordScopeSql } from '../../finance/finance-scope.js';
import { Prisma } from '../../generated/prisma/client.js';
import { visibleIssuesSql } from '../../orders/issue-board/issue-scope.js';
import { orderScopeSql } from '../../orders/order/order-scope.js';

/**
 * Which rows of the operation log (/log/sql) a principal sees. Administrators (super admins and holders
 * of log:sqlAll) see every row. Anybody else sees only single-record changes of the tables below, and of
 * those only the rows whose record lies in their own scope, judged by each area's own scope rule on the
 * row's before/after images (so a deleted record is judged as it was). Every other table (staff, roles,
 * menus, settings, dictionaries, ports, prices, notices, serials, …) and every bulk change (createMany,
 * updateMany, deleteMany: no single record) is for administrators only.
 *
 * | table | a non-administrator sees the rows of |
 * |---|---|
 * | Customer | customers owned by a salesman in their customer scope, before or after the change (customers:all: all; else their own — a customer that left them shows the change that took it, nothing later) |
 * | CustomerWechat, CustomerBindCode, CustomerLog | accounts, codes and history of the customers they own now |
 * | Order | orders in their order scope (orders.md, Data scope) |
 * | OrderTrack, OrderWorkRecord, OrderWorkTask, OrderDocument, OrderCargoReceipt, OrderPackingBox, GoodsReceipt | rows of orders in their order scope |
 * | OrderIssue, OrderIssueReply (OrderBbs, OrderBbsReply in rows logged before the rename) | issues they may see (order in scope, or they wrote or handle it), and those issues' replies |
 * | OrderCharge, OrderChargeLog, OrderCommission, OrderFinance | rows of orders whose money they reach (finance-scope.ts) |
 * | FinanceRecord, FinanceRecordLog | records in their record scope (finance:list/audit: all; else those they registered) |
 * | Question, QuestionAnswer, StoredFile | what they wrote or uploaded |
 * | User | their own staff record (others' only for administrators) |
 */
export const SEES_EVERY_CHANGE = ['log:sqlAll'] as const;

const sql = Prisma.sql;

/**
 * A numeric field of the row's image after the change (before it, for a delete; or one image), null when
 * absent or not a number: the condition never fails on another table's row, whatever order the database
 * evaluates it in.
 */
const field = (name: string, image: 'after' | 'before' | 'either' = 'either') => {
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`not a field name: ${name}`);
  const value = Prisma.raw(`${image === 'either' ? 'coalesce(d.after, d.before)' : `d.${image}`}->'${name}'`);
  return sql`(case when jsonb_typeof(${value}) = 'number' then (${value})::bigint end)`;
};

/** The row's order (its `orderId`) passes `rule`, given the order's salesman column. */
const viaOrder = (rule: (salesman: Prisma.Sql) => Prisma.Sql) =>
  sql`exists (select 1 from orders o where o.id = ${field('orderId')} and ${rule(sql`o.salesman_id`)})`;

type Rule = (user: Principal) => Prisma.Sql;

const orderChild: Rule = (user) => viaOrder((salesman) => orderScopeSql(user, salesman));
const moneyChild: Rule = (user) => viaOrder((salesman) => moneySql(moneyScope(user), salesman));
const ownedCustomerChild: Rule = (user) =>
  sql`exists (select 1 from customer c where c.id = ${field('customerId')} and c.salesman_id is not null and ${ownScopeSql(viewerOf(user), sql`c.salesman_id`)})`;
const issueRow: Rule = (user) =>
  sql`exists (select 1 from orders o where o.id = ${field('orderId')} and ${visibleIssuesSql(user, { salesman: sql`o.salesman_id`, author: field('createUserId'), handler: field('processedUserId') })})`;
/** A reply's row: its issue (the field naming it) is one the user may see. */
const issueReplyRow =
  (issueField: string): Rule =>
  (user) =>
    sql`exists (select 1 from order_bbs b join orders o on o.id = b.order_id where b.id = ${field(issueField)} and ${visibleIssuesSql(user, { salesman: sql`o.salesman_id`, author: sql`b.create_user_id`, handler: sql`b.processed_user_id` })})`;
const writtenBy =
  (name: string): Rule =>
  (user) =>
    sql`${field(name)} = ${user.userId}`;

/** The rule per table (Prisma model name, as the log records it). */
const RULES: Record<string, Rule> = {
  Customer: (user) => {
    const viewer = viewerOf(user);
    return sql`(${ownScopeSql(viewer, field('salesmanId', 'before'))} or ${ownScopeSql(viewer, field('salesmanId', 'after'))})`;
  },
  CustomerWechat: ownedCustomerChild,
  CustomerBindCode: ownedCustomerChild,
  CustomerLog: ownedCustomerChild,
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
  OrderCharge: moneyChild,
  OrderChargeLog: moneyChild,
  OrderCommission: moneyChild,
  OrderFinance: moneyChild,
  FinanceRecord: (user) => recordScopeSql(user, field('createdBy')),
  FinanceRecordLog: (user) => sql`exists (select 1 from finance_record r where r.id = ${field('recordId')} and ${recordScopeSql(user, sql`r.created_by`)})`,
  Question: writtenBy('authorId'),
  QuestionAnswer: writtenBy('authorId'),
  StoredFile: writtenBy('uploaderId'),
  User: writtenBy('id'),
};

/** The tables a non-administrator may see rows of (the others are administrators' only). */
export const SCOPED_LOG_TABLES = Object.keys(RULES);

/**
 * The condition on `data_change_log d` for the caller: undefined for administrators (every row), else one
 * branch per table, each the table's name and its rule, for single-record changes only.
 */
export function dataChangeScope(user: Principal): Prisma.Sql | undefined {
  if (holdsAny(user, [...SEES_EVERY_CHANGE])) return undefined;
  const branches = Object.entries(RULES).map(([table, rule]) => sql`(d.table_name = ${table} and ${rule(user)})`);
  return sql`(d.operation in ('create', 'update', 'upsert', 'delete') and (${Prisma.join(branches, ' or ')}))`;
}
