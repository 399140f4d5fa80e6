// Three instances of the server on one database, one Redis and one upload folder, behind a load balancer
// that sends every request to the next instance in turn (nginx when installed, with the product's own
// deploy/nginx/app-proxy.conf; else a round-robin proxy: the suite's title says which). Nothing a user
// does may notice which instance answered; a daily job runs once whatever the number of instances. Needs REDIS_URL; without it the suite is reported as skipped.
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { HUB_EVENTS } from '@forwarder/domain';
import jwt from 'jsonwebtoken';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { runDailyOnce } from '../src/prisma/daily-job.js';
import { HubService } from '../src/hub/hub.service.js';
import { PrismaService } from '../src/prisma/prisma.service.js';
import { createTestApp, DEMO, encryptCredentials, grantWithout, login, type Session, type TestApp } from './app.js';
import { startLoadBalancer, type LoadBalancer } from './load-balancer.js';
import { PNG } from './sample-files.js';
import { waitFor } from './wait-for.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) console.warn('scale-out: skipped, several instances require REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379)');

const SECRET = 'scale-out-test-secret';

describeWithRedis('three instances behind a load balancer without session affinity (requires REDIS_URL)', () => {
  const instances: TestApp[] = [];
  let lb: LoadBalancer;
  const clients: HubConnection[] = [];
  /** supertest on the load balancer */
  const viaLb = () => request(lb.url);
  const bearer = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

  beforeAll(async () => {
    const shared = { redisUrl: REDIS_URL, clusterRedisPrefix: `fwd:cluster:test:${randomBytes(4).toString('hex')}:`, jwtSecret: SECRET };
    const first = await createTestApp(shared);
    instances.push(first);
    for (let i = 1; i < 3; i++) instances.push(await createTestApp({ ...shared, databaseUrl: first.databaseUrl, uploadDir: first.config.uploadDir }));
    instances.forEach((instance, index) => instance.app.get(HubService).registerMethod('WhichInstance', () => index));
    lb = await startLoadBalancer(instances.map((instance) => instance.url));
    console.log(`scale-out: three instances behind ${lb.kind}`);
  }, 120_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop().catch(() => undefined)));
  });

  afterAll(async () => {
    await lb?.close();
    for (const instance of instances.reverse()) await instance.close();
  });

  /** Where the requests since `from` went (indexes of instances). */
  const targetsSince = async (from: number, path?: string) =>
    (await lb.served())
      .slice(from)
      .filter((served) => !path || served.path.startsWith(path))
      .map((served) => served.target);

  function hubClient(session: Session, transport: HttpTransportType): HubConnection {
    const client = new HubConnectionBuilder()
      .withUrl(`${lb.url}/chathub`, { transport, accessTokenFactory: () => session.token })
      .configureLogging(LogLevel.None)
      .build();
    clients.push(client);
    return client;
  }

  it('signs in with the key from one instance at another, and renews the session at a third', async () => {
    const before = (await lb.served()).length;
    const init = await viaLb().get('/api/v1/login/initialize').expect(200);
    const signedIn = await viaLb()
      .post('/api/v1/login/user')
      .send({ param: encryptCredentials(init.body.data.publicKey, { account: 'op01', password: 'demo123' }) });
    expect(signedIn.status).toBe(200);
    const session = signedIn.body.data as Session;
    // an access token that expired: the next call renews it with the refresh token
    const { sid } = jwt.decode(session.token) as { sid: string };
    const expired = jwt.sign({ sid, typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, { subject: String(session.userid) });
    const renewed = await viaLb()
      .get('/api/v1/user/info/view')
      .set({ Authorization: `Bearer ${expired}`, 'X-Authorization': `Bearer ${session.refreshToken}` })
      .expect(200);
    expect(renewed.body.data.fullName).toBe('李文静');
    const newToken = renewed.headers['access-token'];
    await viaLb()
      .get('/api/v1/user/info/view')
      .set({ Authorization: `Bearer ${newToken}` })
      .expect(200);
    expect(new Set(await targetsSince(before, '/api/v1/'))).toEqual(new Set([0, 1, 2]));
  });

  it.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
    ['Long Polling', HttpTransportType.LongPolling],
  ])('keeps the unmodified SignalR client connected over %s, its requests spread over the instances', async (name, transport) => {
    const session = await login(instances[0], ...DEMO.salesman);
    const before = (await lb.served()).length;
    const client = hubClient(session, transport);
    const received: number[] = [];
    client.on(HUB_EVENTS.orderIssues, (count: number) => received.push(count));
    await client.start();
    const holders = new Set<number>();
    for (let i = 0; i < 3; i++) holders.add(await client.invoke('WhichInstance'));
    expect(holders.size).toBe(1);
    // a push from every instance reaches it
    for (const [index, instance] of instances.entries()) await instance.app.get(HubService).sendToUser(session.userid, HUB_EVENTS.orderIssues, index);
    await waitFor(() => received.length === 3, 5000, `the pushes over ${name}`);
    expect(received.sort()).toEqual([0, 1, 2]);
    // (nginx logs a request when it ends: the WebSocket's, once stopped)
    await client.stop();
    await waitFor(async () => (await targetsSince(before, '/chathub')).length >= 2, 2000, 'the WebSocket in the log');
    const hubTargets = new Set(await targetsSince(before, '/chathub'));
    // a WebSocket is one request after negotiate; the fallbacks' many requests reach every instance
    expect(hubTargets.size).toBe(transport === HttpTransportType.WebSockets ? 2 : 3);
  });

  it('kicks out a browser connected to one instance when its user signs in at another', async () => {
    const first = await login(instances[0], ...DEMO.customerService);
    const client = hubClient(first, HttpTransportType.WebSockets);
    const kicks: unknown[] = [];
    client.on(HUB_EVENTS.kickOut, (payload) => kicks.push(payload));
    await client.start();
    const holder = await client.invoke<number>('WhichInstance');
    await login(instances[(holder + 1) % 3], ...DEMO.customerService);
    await waitFor(() => kicks.length === 1, 5000, 'the kick-out');
    expect(kicks[0]).toMatchObject({ userId: first.userid, reason: 'replaced' });
    await viaLb().get('/api/v1/user/info/view').set(bearer(first)).expect(401);
  });

  it('refuses on every instance, within a second, a permission revoked through one', async () => {
    const operator = await login(instances[0], ...DEMO.operator);
    const list = (instance: TestApp) => request(instance.url).post('/api/v1/order/list').set(bearer(operator)).send({ shipType: 'airtransport', view: 'all' });
    // every instance has just read the operator's grants (kept 5 s in each)
    for (const instance of instances) await list(instance).expect(200);
    const admin = await login(instances[1], ...DEMO.admin);
    await viaLb()
      .post('/api/v1/role/grant')
      .set(bearer(admin))
      .send(await grantWithout(instances[0], 'operator', 'order:list'))
      .expect(200);
    const revokedAt = Date.now();
    for (const instance of instances) await waitFor(async () => (await list(instance)).status === 403, 1000 - (Date.now() - revokedAt), 'the refusal');
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });

  it("runs a daily job once when every instance's check comes at the same moment", async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    const checks = await Promise.all(instances.map((instance) => runDailyOnce(instance.app.get(PrismaService).base, 'scale-out-probe', job)));
    expect(runs).toBe(1);
    expect(checks.filter((check) => check.outcome === 'ran')).toHaveLength(1);
    // and not again that day, whichever instance checks
    for (const instance of instances) expect((await runDailyOnce(instance.app.get(PrismaService).base, 'scale-out-probe', job)).outcome).toBe('done');
    expect(runs).toBe(1);
  });

  it('serves a file uploaded through one instance from the others', async () => {
    const sales = await login(instances[0], ...DEMO.salesman);
    const uploaded = await request(instances[1].url)
      .post('/api/v1/file/update')
      .set(bearer(sales))
      .attach('file', PNG, { filename: '现场照片.png', contentType: 'image/png' })
      .expect(200);
    for (const instance of [instances[0], instances[2]]) {
      const res = await request(instance.url)
        .get(uploaded.body.data.url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.body).toEqual(PNG);
    }
  });
});
