// The issue board's live badge (docs/issue-board.md): ReceiveOrderBbs pushed with each affected user's new count,
// to the real @microsoft/signalr client; SendOrderBbs invoked by clients. The last suite runs two
// processes on one database sharing the hub through Redis (REDIS_URL); without it, it is skipped.
import type { HubConnection } from '@microsoft/signalr';
import { randomBytes } from 'node:crypto';
import { createTestApp, DEMO, login, requestAs, type Session, type TestApp, useTestApp } from './app.js';
import { hubConnection } from './hub-client.js';
import { ORDER_STAFF } from './order-fixtures.js';
import { createBoardOrders, type BoardOrders } from './issue-board.fixture.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

const REDIS_URL = process.env.REDIS_URL;
/** Long enough for a push that was going to come to have come. */
const QUIET_MS = 400;

/** A signed-in browser: its hub connection and every ReceiveOrderBbs count it got, in order. */
interface Browser {
  connection: HubConnection;
  counts: number[];
}

async function connect(url: string, session: Session): Promise<Browser> {
  const connection = hubConnection(url, session.token);
  const counts: number[] = [];
  connection.on('ReceiveOrderBbs', (count: number) => counts.push(count));
  await connection.start();
  return { connection, counts };
}

/** Resolves with the counts once `n` have arrived since `from`; fails after two seconds. */
async function countsAfter(browser: Browser, from: number, n = 1): Promise<number[]> {
  const deadline = Date.now() + 2000;
  while (browser.counts.length < from + n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} ReceiveOrderBbs after #${from}, got ${browser.counts.slice(from).join(',') || 'none'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return browser.counts.slice(from);
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

const api = (t: TestApp) => ({
  addIssue: async (by: Session, orderId: number, processedUserId: number) =>
    (await requestAs(t, by).put(`/api/v1/order/bbs/add/${orderId}`).send({ processedUserId, detail: '请确认到港时间' }).expect(200)).body.data as {
      id: number;
      ver: number;
    },
  reply: (by: Session, issueId: number) => requestAs(t, by).put(`/api/v1/order/bbs/reply/add/${issueId}`).send({ detail: '已确认' }).expect(200),
});

describe('issue board pushes over the hub (ReceiveOrderBbs, SendOrderBbs)', () => {
  const browsers: Browser[] = [];
  // declared before the app, so that it runs before the app closes
  afterAll(() => Promise.all(browsers.map((b) => b.connection.stop())));
  const { t, admin, sales, op, cs, fin } = useTestApp(ORDER_STAFF);
  let orders: BoardOrders;
  const open = async (session: Session) => {
    const browser = await connect(t.url, session);
    browsers.push(browser);
    return browser;
  };

  beforeAll(async () => {
    orders = await createBoardOrders(t, admin, sales);
  }, 120_000);

  it('sends the author the new count when another user replies, and the handler theirs', async () => {
    const [author, handler] = [await open(cs), await open(fin)];
    const issue = await api(t).addIssue(cs, orders.own.id, fin.userid);
    expect(await countsAfter(handler, 0)).toEqual([1]);
    expect(await countsAfter(author, 0)).toEqual([0]);

    await api(t).reply(fin, issue.id);
    expect(await countsAfter(author, 1)).toEqual([1]);
    expect(await countsAfter(handler, 1)).toEqual([0]);

    // The handler's client then invokes SendOrderBbs bare: the users of its latest change get their counts again.
    await expect(handler.connection.invoke('SendOrderBbs')).resolves.toBe(0);
    expect(await countsAfter(author, 2)).toEqual([1]);
    expect(await countsAfter(handler, 2)).toEqual([0]);

    await requestAs(t, cs).post(`/api/v1/order/bbs/close/${issue.id}`).send({}).expect(200);
    expect(await countsAfter(author, 3)).toEqual([0]);
  });

  it('tells the old handler and the new one when the author changes the handler', async () => {
    const [oldHandler, newHandler] = [await open(sales), await open(op)];
    const issue = await api(t).addIssue(admin, orders.air.id, sales.userid);
    expect(await countsAfter(oldHandler, 0)).toEqual([1]);
    await requestAs(t, admin)
      .post('/api/v1/order/bbs/update')
      .send({ id: issue.id, orderId: orders.air.id, processedUserId: op.userid, detail: '改由操作处理', ver: issue.ver })
      .expect(200);
    expect(await countsAfter(oldHandler, 1)).toEqual([0]);
    expect(await countsAfter(newHandler, 0)).toEqual([1]);
  });

  it('pushes to everyone on the board when SendOrderBbs names an order the caller takes part in, to the caller alone otherwise', async () => {
    await api(t).addIssue(admin, orders.foreign.id, op.userid);
    const [handler, outsider] = [await open(op), await open(sales)];
    const adminBrowser = await open(admin);

    // sales01 has no part in that order's board (and made no change since the last test's): only its own count comes.
    const outsiderBefore = outsider.counts.length;
    await expect(outsider.connection.invoke('SendOrderBbs', orders.foreign.id)).resolves.toBe(0);
    expect(await countsAfter(outsider, outsiderBefore)).toEqual([0]);
    await quiet();
    expect(adminBrowser.counts).toEqual([]);
    expect(handler.counts).toEqual([]);

    // op01 handles an issue there: the author (admin) gets a push too.
    await handler.connection.invoke('SendOrderBbs', String(orders.foreign.id));
    expect(await countsAfter(handler, 0)).toEqual([2]);
    expect(await countsAfter(adminBrowser, 0)).toEqual([0]);
  });

  it('pushes nothing when a reply is removed', async () => {
    const author = await open(cs);
    const issue = await api(t).addIssue(cs, orders.own.id, fin.userid);
    const reply = (await api(t).reply(fin, issue.id)).body.data as { id: number };
    expect(await countsAfter(author, 0, 2)).toEqual([0, 1]);
    await requestAs(t, fin).delete(`/api/v1/order/bbs/reply/delete/${reply.id}`).expect(200);
    await quiet();
    expect(author.counts).toEqual([0, 1]);
  });
});

(REDIS_URL ? describe : describe.skip)('issue board pushes across processes (requires REDIS_URL)', () => {
  let first: TestApp;
  let second: TestApp;
  let browser: Browser;
  const savedPrefix = process.env.HUB_REDIS_PREFIX;

  beforeAll(async () => {
    process.env.HUB_REDIS_PREFIX = `fwd:hub:test:${randomBytes(4).toString('hex')}:`;
    first = await createTestApp({ redisUrl: REDIS_URL });
    second = await createTestApp({ redisUrl: REDIS_URL, databaseUrl: first.databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await browser?.connection.stop();
    await second.close();
    await first.close();
    process.env.HUB_REDIS_PREFIX = savedPrefix;
  });

  it('reaches the author connected to another process, and SendOrderBbs there knows the change made here', async () => {
    const [admin, sales, cs, fin] = [
      await login(first, ...DEMO.admin),
      await login(first, ...DEMO.salesman),
      await login(first, ...DEMO.customerService),
      await login(first, ...DEMO.finance),
    ];
    const orders = await createBoardOrders(first, admin, sales);
    browser = await connect(second.url, cs);
    const issue = await api(first).addIssue(cs, orders.own.id, fin.userid);
    expect(await countsAfter(browser, 0)).toEqual([0]);
    await api(first).reply(fin, issue.id);
    expect(await countsAfter(browser, 1)).toEqual([1]);

    // fin01's client is on process B: the change it made through process A is read from the database.
    const handler = await connect(second.url, fin);
    try {
      await expect(handler.connection.invoke('SendOrderBbs')).resolves.toBe(0);
      expect(await countsAfter(browser, 2)).toEqual([1]);
    } finally {
      await handler.connection.stop();
    }
  });
});
