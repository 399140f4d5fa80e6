import { loadDemoBusiness } from '../src/seed/demo-business.js';
import { createTestApp, type TestApp } from './app.js';

describe('demo business data (npm start, first run)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads ports, approved customers of sales01 and orders across the stages through the services', async () => {
    const lines: string[] = [];
    await loadDemoBusiness(t.app, (line) => lines.push(line));
    const db = t.prisma.db;
    const sales = await db.user.findUniqueOrThrow({ where: { account: 'sales01' } });
    expect(await db.port.count()).toBe(12);
    expect(await db.customer.count({ where: { salesmanId: sales.id, reviewStatus: 'approved' } })).toBe(3);
    const sales2 = await db.user.findUniqueOrThrow({ where: { account: 'sales02' } });
    expect(await db.customer.count({ where: { salesmanId: sales2.id, reviewStatus: 'approved' } })).toBe(1);
    const all = await db.order.findMany({ orderBy: { id: 'asc' }, select: { orderNo: true, stage: true, sideState: true, salesmanId: true } });
    expect(all.filter((o) => o.salesmanId === sales2.id)).toHaveLength(1);
    const orders = all.filter((o) => o.salesmanId === sales.id);
    expect(orders).toHaveLength(12);
    expect(orders[0].orderNo).toMatch(/^SB\d{6}0001$/);
    expect(orders.map((o) => o.stage)).toContain('completeDelivery');
    expect(orders.filter((o) => o.sideState === 'abnormal')).toHaveLength(1);
    // every move wrote its timeline event: created + one per stage passed
    const delivered = await db.order.findFirstOrThrow({ where: { shipType: 'smallbag', stage: 'completeDelivery' }, include: { tracks: true, workRecords: true } });
    expect(delivered.tracks).toHaveLength(10);
    expect(delivered.workRecords.length).toBeGreaterThanOrEqual(10);
    expect(lines.at(-1)).toMatch(/4 customers, 13 orders/);
  });

  it('does nothing once ports or orders exist', async () => {
    const lines: string[] = [];
    await loadDemoBusiness(t.app, (line) => lines.push(line));
    expect(await t.prisma.db.order.count()).toBe(13);
    expect(lines).toEqual(['demo business data skipped: ports or orders exist']);
  });
});
