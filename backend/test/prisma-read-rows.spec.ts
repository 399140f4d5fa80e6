// PrismaService.readRows runs hand-written reads on the pool under Prisma: it must give the rows exactly
// as db.$queryRaw does, so a service can move a statement from one to the other without changing a line.
import { Prisma } from '../src/generated/prisma/client.js';
import { columnsOf } from '../src/prisma/prisma.service.js';
import { useTestApp } from './app.js';
import { orderFixture } from './order-fixtures.js';

describe('PrismaService.readRows', () => {
  const { t } = useTestApp();

  it('answers the same rows and value types as $queryRaw', async () => {
    const since = new Date('2026-11-01T08:30:00.000Z');
    const statement = Prisma.sql`
      select 12.50::numeric(14, 2) as amount, 9007199254740993::bigint as big, 7::int as n, '2026-11-22'::date as day,
             ${since}::timestamptz as at, 'text' as label, null::text as nothing, true as flag, x as id
        from unnest(${[3, 1, 2]}::int[]) x
       where x = any(${[1, 3]})
       order by x`;
    const direct = await t.prisma.readRows<Record<string, unknown>[]>(statement);
    const prisma = await t.prisma.db.$queryRaw<Record<string, unknown>[]>(statement);
    expect(direct).toEqual(prisma);
    expect(direct).toHaveLength(2);
    const [row] = direct;
    expect(row.amount).toBeInstanceOf(Prisma.Decimal);
    expect((row.amount as Prisma.Decimal).toNumber()).toBe(12.5);
    expect(row.big).toBe(9007199254740993n);
    expect(row.day).toEqual(new Date('2026-11-22T00:00:00.000Z'));
    expect(row.at).toEqual(since);
    expect(row).toMatchObject({ n: 7, label: 'text', nothing: null, flag: true, id: 1 });
  });

  it('reads a whole order shaped as Prisma reads it: every scalar field under its name, with its type', async () => {
    const { addOrder } = await orderFixture(t);
    const added = await addOrder('airtransport', { packages: 3, grossWeight: 12.5, volume: 0.125, declaredValue: 99.99, currency: 'USD', remark: '易碎' });
    await t.prisma.db.order.update({ where: { id: added.id }, data: { etd: new Date('2026-12-01T08:00:00.000Z'), cargoComplete: true, agentName: 'Agent' } });
    const [direct] = await t.prisma.readRows<Record<string, unknown>[]>(
      Prisma.sql`select ${columnsOf(Prisma.OrderScalarFieldEnum)} from orders where id = ${added.id}`,
    );
    const prisma = await t.prisma.db.order.findUniqueOrThrow({ where: { id: added.id } });
    expect(Object.keys(direct).sort()).toEqual(Object.keys(prisma).sort());
    expect(direct).toEqual(prisma);
    expect(direct.grossWeight).toBeInstanceOf(Prisma.Decimal);
    expect(direct.etd).toEqual(new Date('2026-12-01T08:00:00.000Z'));
  });

  it('reports a wrong statement as an error, and the pool stays usable', async () => {
    await expect(t.prisma.readRows(Prisma.sql`select no_such_column from app_user`)).rejects.toThrow(/no_such_column/);
    await expect(t.prisma.readRows<{ n: number }[]>(Prisma.sql`select count(*)::int as n from app_user`)).resolves.toEqual([{ n: expect.any(Number) }]);
  });
});
