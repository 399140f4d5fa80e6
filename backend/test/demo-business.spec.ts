import { containerNoProblem, DEMO_PASSWORDS, shanghaiDate, RECORD_STATUSES, ORDER_FLOW, CUSTOMER_LISTS } from '@forwarder/domain';
import type { Principal } from '../src/common/access.decorators.js';
import { GrantsService } from '../src/auth/grants.service.js';
import { CustomersService } from '../src/customers/customers.service.js';
import { AnalysisService } from '../src/finance/analysis.service.js';
import { CommissionService } from '../src/finance/commission.service.js';
import { loadDemoBusiness } from '../src/seed/demo-business.js';
import { PORTAL_DEMO_ACCOUNTS } from '../src/seed/demo/customers.js';
import { useTestApp } from './app.js';
import { encryptPassword } from './portal-fixtures.js';

const DAY = 86400_000;
const LINES = ['smallbag', 'dedicatedline', 'airtransport'] as const;

describe('demo business data (npm start, first run)', () => {
  const { t } = useTestApp();
  let lines: string[];
  let progress: { day: number; days: number; orders: number }[];
  /** `Date.now()` read outside the load while it ran, beside the real time then */
  let outside: { read: number; real: number }[];
  let loadedAt: number;
  const db = () => t.prisma.db;
  const principal = async (account: string): Promise<Principal> => {
    const user = await db().user.findUniqueOrThrow({ where: { account } });
    return { ...(await t.app.get(GrantsService).forUser(user.id))!, sessionId: 'test' };
  };

  beforeAll(async () => {
    // the application itself loads no business data: only this loader does (npm start, first run)
    expect(await db().order.count()).toBe(0);
    expect(await db().port.count()).toBe(0);
    lines = [];
    progress = [];
    outside = [];
    loadedAt = Date.now();
    // the real time from the process's monotonic clock, which the loader's clock does not touch
    const real = () => performance.timeOrigin + performance.now();
    const sampler = setInterval(() => outside.push({ read: Date.now(), real: real() }), 200);
    try {
      await loadDemoBusiness(
        t.app,
        (line) => lines.push(line),
        async (reached) => void progress.push(reached),
      );
    } finally {
      clearInterval(sampler);
    }
  }, 1_200_000);

  it('tells how far it is: a line every ten days of the last ninety with the orders so far, and every day to the sign-in page', async () => {
    const dayLines = lines.filter((line) => line.startsWith('demo data: day'));
    expect(dayLines[0]).toBe('demo data: day 0 of 90, 0 orders so far');
    // the last line comes with today's first step, before today's orders (at the end when today has none yet)
    const [, lastCount] = /^demo data: day 90 of 90, (\d+) orders so far$/.exec(dayLines.at(-1)!)!;
    expect(Number(lastCount)).toBeGreaterThan(250);
    expect(Number(lastCount)).toBeLessThanOrEqual(await db().order.count());
    const days = dayLines.map((line) => Number(/day (\d+) of/.exec(line)![1]));
    expect(days.map((day) => Math.floor(day / 10))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(progress.length).toBeGreaterThan(90);
    expect(progress.map((p) => p.day)).toEqual([...progress.map((p) => p.day)].sort((a, b) => a - b));
    expect(progress.map((p) => p.orders)).toEqual([...progress.map((p) => p.orders)].sort((a, b) => a - b));
    expect(new Set(progress.map((p) => p.days))).toEqual(new Set([90]));
  });

  it('keeps its clock to itself: the process outside the load reads the real time meanwhile', () => {
    expect(outside.length).toBeGreaterThan(10);
    for (const { read, real } of outside) expect(Math.abs(read - real)).toBeLessThan(1000);
  });

  it('places a few hundred orders of every line, spread over the last three months, numbered on the day they were placed', async () => {
    const orders = await db().order.findMany({ select: { orderNo: true, shipType: true, createdAt: true } });
    expect(orders.length).toBeGreaterThanOrEqual(300);
    expect(orders.length).toBeLessThanOrEqual(400);
    for (const line of LINES) expect(orders.filter((o) => o.shipType === line).length).toBeGreaterThanOrEqual(90);
    const recent = orders.filter((o) => o.createdAt.getTime() > loadedAt - 200 * DAY).map((o) => o.createdAt.getTime());
    expect(Math.min(...recent)).toBeLessThan(loadedAt - 90 * DAY);
    expect(Math.max(...recent)).toBeGreaterThan(loadedAt - 3 * DAY);
    expect(Math.max(...orders.map((o) => o.createdAt.getTime()))).toBeLessThan(loadedAt);
    // the serial numbers carry the Shanghai day of the order's creation
    for (const o of orders) {
      const day = shanghaiDate(o.createdAt);
      expect(o.orderNo.slice(2, 8)).toBe(`${day.yyyy.slice(2)}${day.MM}${day.dd}`);
    }
    expect(lines.at(-1)).toMatch(/demo business data loaded: 18 customers, \d{3} orders/);
  });

  it('has orders moving normally in every stage of every line, and some in every side state', async () => {
    const counts = await db().order.groupBy({ by: ['shipType', 'stage', 'sideState'], _count: true });
    const count = (line: string, where: (c: (typeof counts)[number]) => boolean) =>
      counts.filter((c) => c.shipType === line && where(c)).reduce((n, c) => n + c._count, 0);
    for (const line of LINES) {
      for (const stage of ORDER_FLOW) expect([line, stage, count(line, (c) => c.stage === stage && c.sideState === null)]).not.toEqual([line, stage, 0]);
      for (const state of ['abnormal', 'detain', 'delete']) expect([line, state, count(line, (c) => c.sideState === state)]).not.toEqual([line, state, 0]);
    }
  });

  it('writes the cargo, containers, documents, timelines and tasks each stage has', async () => {
    const orders = await db().order.findMany({
      where: { sideState: null },
      include: { tracks: { orderBy: { id: 'asc' } }, workRecords: true, cargoReceipts: true, packingBoxes: true, documents: true },
    });
    const after = (stage: string) => orders.filter((o) => ORDER_FLOW.indexOf(o.stage as never) >= ORDER_FLOW.indexOf(stage as never));
    for (const o of after('warehouse')) {
      expect(o.cargoReceipts.reduce((n, r) => n + r.packages, 0)).toBe(o.packages);
      if (o.packingBoxes.length) expect(o.packingBoxes.reduce((n, b) => n + b.quantity, 0)).toBe(o.packages);
      expect(o.cargoComplete).toBe(true);
    }
    for (const o of after('completeCabinet')) {
      if (o.shipType === 'airtransport') expect(o.waybillNo).toMatch(/^\d{3}-\d{8}$/);
      else expect([o.containerNo, containerNoProblem(o.containerNo!), o.sealNo === null]).toEqual([o.containerNo, null, false]);
    }
    for (const o of after('sail')) {
      expect([o.orderNo, o.stage, o.documents.map((d) => d.kind)]).toEqual([o.orderNo, o.stage, [o.shipType === 'airtransport' ? 'waybill' : 'bill']]);
      expect(o.etd).not.toBeNull();
    }
    for (const o of orders) {
      // created, then one event per stage moved through (holds, releases and position reports besides), in time order
      const moves = o.tracks.filter((track) => track.kind === 'created' || track.kind === 'upgrade');
      expect(moves.map((track) => track.stage)).toEqual(ORDER_FLOW.slice(0, ORDER_FLOW.indexOf(o.stage as never) + 1));
      const times = o.tracks.map((track) => track.occurredAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // the order's first event is written with it (the clock runs on by the milliseconds the writing takes)
      expect(times[0] - o.createdAt.getTime()).toBeGreaterThanOrEqual(0);
      expect(times[0] - o.createdAt.getTime()).toBeLessThan(60_000);
      expect(o.workRecords.length).toBeGreaterThanOrEqual(moves.length);
    }
    expect(await db().orderPackingBox.count()).toBeGreaterThan(100);
    expect(await db().orderTrack.count({ where: { kind: 'manual' } })).toBeGreaterThan(0);
    expect(await db().orderTrack.count({ where: { kind: 'revoke' } })).toBeGreaterThan(0);
    expect(await db().orderWorkTask.count({ where: { status: 'open' } })).toBeGreaterThan(0);
    expect(await db().orderWorkTask.count({ where: { status: 'finished' } })).toBeGreaterThan(0);
  });

  it('fills every customer list of both salesmen', async () => {
    const customers = t.app.get(CustomersService);
    for (const account of ['sales01', 'sales02']) {
      const user = await principal(account);
      for (const list of CUSTOMER_LISTS) {
        // sales02 has no customer sent back for editing
        if (list === 'editList' && account === 'sales02') continue;
        const page = await customers.list({ list, pageIndex: 1, pageSize: 20 }, user);
        expect([account, list, page.totalCount > 0]).toEqual([account, list, true]);
      }
    }
  });

  it('binds the two demo customer-portal accounts (README, demo tour), each to its customer, signing in with the published password', async () => {
    const accounts = await db().portalAccount.findMany({ include: { customer: { select: { companyName: true } }, wechat: true }, orderBy: { id: 'asc' } });
    expect(accounts.map((a) => [a.account, a.customer.companyName, a.wechat.openId])).toEqual(
      PORTAL_DEMO_ACCOUNTS.map((a) => [a.account, a.companyName, `portal:${a.account}`]),
    );
    const init = await t.http().get('/api/v1/login/initialize').expect(200);
    for (const { account } of PORTAL_DEMO_ACCOUNTS) {
      const res = await t
        .http()
        .post('/api/v1/portal/login')
        .send({ account, password: encryptPassword(init.body.data.publicKey, DEMO_PASSWORDS.portal) })
        .expect(200);
      expect(res.body.data.account.account).toBe(account);
    }
  });

  it('has issues on the board waiting, answered and closed, between several staff', async () => {
    const issues = await db().orderIssue.findMany({ select: { status: true, createUserId: true, processedUserId: true } });
    expect(new Set(issues.map((i) => i.status))).toEqual(new Set(['wait', 'handle', 'completed']));
    expect(new Set(issues.flatMap((i) => [i.createUserId, i.processedUserId])).size).toBeGreaterThanOrEqual(5);
    expect(await db().orderIssueReply.count()).toBeGreaterThan(0);
  });

  it('has charges, hand-ins and expense claims in every state, and each order’s figures add up', async () => {
    expect(await db().orderCharge.count({ where: { kind: 'receivable', type: '运费' } })).toBeGreaterThan(200);
    expect(await db().orderCharge.count({ where: { kind: 'receivable', NOT: { type: '运费' } } })).toBeGreaterThan(100);
    expect(await db().orderCharge.count({ where: { kind: 'payable' } })).toBeGreaterThan(100);
    const statuses = await db().financeRecord.groupBy({ by: ['kind', 'status'], _count: true });
    for (const kind of ['entry', 'outgoing']) {
      expect(
        statuses
          .filter((s) => s.kind === kind)
          .map((s) => s.status)
          .sort(),
      ).toEqual([...RECORD_STATUSES].sort());
    }
    // order_finance is what the charges and the locked records say, for every order
    const wrong = await db().$queryRaw<{ order_id: number }[]>`
      select f.order_id from order_finance f
        left join lateral (select coalesce(sum(book_amount) filter (where kind = 'receivable'), 0) as revenue,
                                  coalesce(sum(book_amount) filter (where kind = 'payable'), 0) as payable,
                                  min(charged_on) filter (where kind = 'receivable') as billed_on
                             from order_charge c where c.order_id = f.order_id) c on true
        left join lateral (select coalesce(sum(book_amount) filter (where kind = 'entry'), 0) as received,
                                  coalesce(sum(book_amount) filter (where kind = 'outgoing'), 0) as expense
                             from finance_record r where r.order_id = f.order_id and r.status = 'locked') r on true
       where f.revenue <> c.revenue or f.payable <> c.payable or f.received <> r.received or f.expense <> r.expense
          or f.outstanding <> f.revenue - f.received or f.billed_on is distinct from c.billed_on`;
    expect(wrong).toEqual([]);
    // charges and records are dated on the days they happened
    const late = await db().$queryRaw<{ n: number }[]>`
      select count(*)::int as n from order_charge c join orders o on o.id = c.order_id where c.charged_on < (o.created_at at time zone 'Asia/Shanghai')::date`;
    expect(late[0].n).toBe(0);
  });

  it('has arrears in every ageing bucket, whose totals are the sum of the orders', async () => {
    const admin = await principal('admin');
    const arrears = await t.app.get(AnalysisService).arrears({ groupBy: 'order', pageIndex: 1, pageSize: 200 }, admin);
    const { totals } = arrears;
    for (const bucket of ['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const) expect([bucket, totals[bucket] > 0]).toEqual([bucket, true]);
    const [sum] = await db().$queryRaw<
      { n: number; outstanding: string }[]
    >`select count(*)::int as n, sum(outstanding)::text as outstanding from order_finance where outstanding > 0`;
    expect(totals.orders).toBe(sum.n);
    expect(totals.outstanding).toBeCloseTo(Number(sum.outstanding), 2);
    expect(totals.d0_30 + totals.d31_60 + totals.d61_90 + totals.d90plus).toBeCloseTo(totals.outstanding, 2);
  });

  it('has commission rules, commissions paid (orders in brokerage) and commissions due', async () => {
    expect(await db().commissionRule.count()).toBeGreaterThanOrEqual(3);
    const paid = await db().orderCommission.findMany({ where: { reversedAt: null } });
    expect(paid.length).toBeGreaterThan(0);
    expect(await db().order.count({ where: { id: { in: paid.map((c) => c.orderId) }, stage: { not: 'brokerage' } } })).toBe(0);
    const fin = await principal('fin01');
    const due = await t.app.get(CommissionService).list({ paid: false, pageIndex: 1, pageSize: 20 }, fin);
    expect(due.totalCount).toBeGreaterThan(0);
  });

  it('has questions answered and open, and published notices', async () => {
    expect(await db().question.count({ where: { answerCount: { gt: 0 } } })).toBeGreaterThan(0);
    expect(await db().question.count({ where: { answerCount: 0 } })).toBeGreaterThan(0);
    expect(await db().notice.count({ where: { status: 'published' } })).toBeGreaterThan(0);
  });

  it('does nothing once ports or orders exist', async () => {
    const before = await db().order.count();
    const again: string[] = [];
    await loadDemoBusiness(t.app, (line) => again.push(line));
    expect(await db().order.count()).toBe(before);
    expect(again).toEqual(['demo business data skipped: ports or orders exist']);
  });
});
