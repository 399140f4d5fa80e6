import { holdsAny, type Principal } from '../../common/access.decorators.js';
import { Prisma } from '../../generated/prisma/client.js';

/**
 * Which rows of the operation log (/log/sql) a principal sees. Administrators (super admins and holders
 * of log:sqlAll) see every row. Anybody else sees only single-record changes of the tables below, and of
 * those only the rows whose record lies in their own scope, judged by each area's own scope rule on the
 * row's before/after images (so a deleted record is judged as it was). Each area registers the rules of its
 * tables (registerLogScopes, when its module loads: customers/customer-log-scopes.ts,
 * orders/order/order-log-scopes.ts, finance/finance-log-scopes.ts, questions/question-log-scopes.ts), so
 * this file knows no area's scope. Every other table (staff, roles,
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
export const field = (name: string, image: 'after' | 'before' | 'either' = 'either') => {
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`not a field name: ${name}`);
  const value = Prisma.raw(`${image === 'either' ? 'coalesce(d.after, d.before)' : `d.${image}`}->'${name}'`);
  return sql`(case when jsonb_typeof(${value}) = 'number' then (${value})::bigint end)`;
};

/** The row's order (its `orderId`) passes `rule`, given the order's salesman column. */
export const viaOrder = (rule: (salesman: Prisma.Sql) => Prisma.Sql) =>
  sql`exists (select 1 from orders o where o.id = ${field('orderId')} and ${rule(sql`o.salesman_id`)})`;

/** Which rows of one table a non-administrator sees: a condition on `data_change_log d` (use `field` for the row's values). */
export type LogScopeRule = (user: Principal) => Prisma.Sql;

/** The rows of what the user wrote or uploaded: the row's `name` field is the user. */
export const writtenBy =
  (name: string): LogScopeRule =>
  (user) =>
    sql`${field(name)} = ${user.userId}`;

/** The rule per table (Prisma model name, as the log records it): the areas' and, here, those of no business area. */
const RULES: Record<string, LogScopeRule> = {
  StoredFile: writtenBy('uploaderId'),
  User: writtenBy('id'),
};

/** Adds an area's tables to the log a non-administrator may see, each with its rule; a table is registered once. */
export function registerLogScopes(rules: Record<string, LogScopeRule>): void {
  for (const [table, rule] of Object.entries(rules)) {
    if (table in RULES) throw new Error(`the log scope of ${table} is registered twice`);
    RULES[table] = rule;
  }
}

/**
 * The condition on `data_change_log d` for the caller: undefined for administrators (every row), else one
 * branch per table, each the table's name and its rule, for single-record changes only.
 */
export function dataChangeScope(user: Principal): Prisma.Sql | undefined {
  if (holdsAny(user, [...SEES_EVERY_CHANGE])) return undefined;
  const branches = Object.entries(RULES).map(([table, rule]) => sql`(d.table_name = ${table} and ${rule(user)})`);
  return sql`(d.operation in ('create', 'update', 'upsert', 'delete') and (${Prisma.join(branches, ' or ')}))`;
}
