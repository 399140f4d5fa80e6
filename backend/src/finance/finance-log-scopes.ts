import { field, registerLogScopes, viaOrder, type LogScopeRule } from '../admin/log/log-scope.js';
import { Prisma } from '../generated/prisma/client.js';
import { moneyScope, moneySql, recordScopeSql } from './finance-scope.js';

const sql = Prisma.sql;

/** Rows of orders whose money the user reaches. */
const moneyChild: LogScopeRule = (user) => viaOrder((salesman) => moneySql(moneyScope(user), salesman));

/** The money's rows of the operation log a non-administrator sees (admin/log/log-scope.ts); registered when the finance module loads. */
registerLogScopes({
  OrderCharge: moneyChild,
  OrderChargeLog: moneyChild,
  OrderCommission: moneyChild,
  OrderFinance: moneyChild,
  FinanceRecord: (user) => recordScopeSql(user, field('createdBy')),
  FinanceRecordLog: (user) => sql`exists (select 1 from finance_record r where r.id = ${field('recordId')} and ${recordScopeSql(user, sql`r.created_by`)})`,
});
