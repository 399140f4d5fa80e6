import type { PermissionCode } from '@forwarder/domain';
import { Prisma } from '../src/generated/prisma/client.js';
import { ownScope, ownScopeSql, readScope, viewerOf } from '../src/customers/customer-scope.js';
import { moneyOrders, moneyScope, moneySql, recordScope, recordScopeSql } from '../src/finance/finance-scope.js';
import { orderScope, orderScopeSql, ordersInScope } from '../src/orders/order/order-scope.js';

const who = (codes: PermissionCode[], isSuperAdmin = false) => ({ userId: 7, isSuperAdmin, permissionCodes: codes as string[] });
const column = Prisma.sql`x.salesman_id`;
/** The SQL form of a scope: its text and values. */
const sqlOf = (s: Prisma.Sql) => ({ text: s.sql, values: s.values });

describe('data scope rules: the Prisma and the SQL form come from one rule per area', () => {
  // [area, principal, reaches everything?]
  const cases: [string, ReturnType<typeof who>, { prisma: () => object; sql: () => Prisma.Sql }, boolean][] = [];
  const areas = {
    orders: (u: ReturnType<typeof who>) => ({ prisma: () => orderScope(u), sql: () => orderScopeSql(u, column) }),
    customers: (u: ReturnType<typeof who>) => ({ prisma: () => ownScope(viewerOf(u)), sql: () => ownScopeSql(viewerOf(u), column) }),
    money: (u: ReturnType<typeof who>) => ({ prisma: () => moneyOrders(u), sql: () => moneySql(moneyScope(u), column) }),
    records: (u: ReturnType<typeof who>) => ({ prisma: () => recordScope(u), sql: () => recordScopeSql(u, column) }),
  };
  const principals: [string, ReturnType<typeof who>, Record<keyof typeof areas, boolean>][] = [
    ['salesman', who(['order:list', 'customers:list', 'finance:entry']), { orders: false, customers: false, money: false, records: false }],
    ['operator', who(['order:upgrade:warehouse', 'customers:all', 'finance:outgoing']), { orders: true, customers: true, money: false, records: false }],
    ['finance', who(['finance:list', 'finance:audit', 'customers:all']), { orders: true, customers: true, money: true, records: true }],
    ['auditor only', who(['finance:audit']), { orders: false, customers: false, money: false, records: true }],
    ['super admin', who([], true), { orders: true, customers: true, money: true, records: true }],
  ];
  for (const [name, principal, sees] of principals) {
    for (const [area, rule] of Object.entries(areas)) cases.push([`${area}, ${name}`, principal, rule(principal), sees[area as keyof typeof areas]]);
  }

  it.each(cases)('%s', (_name, _principal, rule, all) => {
    if (all) {
      expect(rule.prisma()).toEqual({});
      expect(sqlOf(rule.sql())).toEqual({ text: 'true', values: [] });
    } else {
      expect(Object.values(rule.prisma())).toEqual([7]);
      expect(sqlOf(rule.sql())).toEqual({ text: 'x.salesman_id = ?', values: [7] });
    }
  });

  it('a salesman reads the pool too, and filters are ANDed beside the order scope', () => {
    expect(readScope(viewerOf(who([])))).toEqual({ OR: [{ salesmanId: 7 }, { salesmanId: null }] });
    expect(ordersInScope(who([]), { salesmanId: 8 })).toEqual({ AND: [{ salesmanId: 7 }, { salesmanId: 8 }] });
    expect(ordersInScope(who(['customers:all']), { salesmanId: 8 })).toEqual({ salesmanId: 8 });
  });
});
