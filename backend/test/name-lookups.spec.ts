// The names every order and finance answer carries (prisma/name-lookups.ts): all kinds a page needs in one
// statement, each name as Prisma reads it, ids without a row left out.
import { jest } from '@jest/globals';
import { customerNames, namesOf, portNames, userNames } from '../src/prisma/name-lookups.js';
import { useTestApp } from './app.js';
import { orderFixture } from './order-fixtures.js';

describe('namesOf', () => {
  const { t } = useTestApp();

  it("reads a page's customers, users and ports in one statement, as Prisma has them", async () => {
    const { addOrder } = await orderFixture(t);
    const order = await addOrder('airtransport', {});
    const ids = {
      customer: order.customerId as number,
      user: order.salesmanId as number,
      ports: [order.originPortId as number, order.destinationPortId as number],
    };
    const missing = 987_654;
    const readRows = jest.spyOn(t.prisma, 'readRows');
    try {
      const names = await namesOf(t.prisma, { customers: [ids.customer, missing, null], users: [ids.user, ids.user], ports: [...ids.ports, undefined] });
      expect(readRows).toHaveBeenCalledTimes(1);

      const customer = await t.prisma.db.customer.findUniqueOrThrow({ where: { id: ids.customer } });
      const user = await t.prisma.db.user.findUniqueOrThrow({ where: { id: ids.user } });
      const ports = await t.prisma.db.port.findMany({ where: { id: { in: ids.ports } } });
      expect([...names.customers]).toEqual([[ids.customer, { code: customer.code, companyName: customer.companyName, level: customer.level }]]);
      expect([...names.users]).toEqual([[ids.user, user.fullName]]);
      expect(new Map(names.ports)).toEqual(new Map(ports.map((p) => [p.id, { id: p.id, code: p.code, nameZh: p.nameZh, nameEn: p.nameEn }])));

      // each kind asked alone reads the same names (its statement is the one part of the union)
      expect(await customerNames(t.prisma, [ids.customer])).toEqual(names.customers);
      expect(await userNames(t.prisma, [ids.user])).toEqual(names.users);
      expect(await portNames(t.prisma, ids.ports)).toEqual(names.ports);
    } finally {
      readRows.mockRestore();
    }
  });

  it('asks nothing of the database when there are no ids, and one kind reads only its own table', async () => {
    const readRows = jest.spyOn(t.prisma, 'readRows');
    try {
      expect(await namesOf(t.prisma, { customers: [null], users: [] })).toEqual({ users: new Map(), customers: new Map(), ports: new Map() });
      expect(readRows).not.toHaveBeenCalled();
      const admin = await t.prisma.db.user.findFirstOrThrow({ where: { account: 'admin' } });
      expect(await userNames(t.prisma, [admin.id])).toEqual(new Map([[admin.id, admin.fullName]]));
      expect(await portNames(t.prisma, [admin.id * 1000])).toEqual(new Map());
      expect(readRows.mock.calls.map(([statement]) => statement.text)).toEqual([
        expect.stringMatching(/from app_user/),
        expect.not.stringMatching(/app_user|customer/),
      ]);
    } finally {
      readRows.mockRestore();
    }
  });
});
