// Scale-out: two server processes (two apps on two ports here) share one hub through Redis. Needs
// REDIS_URL (e.g. redis://127.0.0.1:6379); without it the suite is reported as skipped.
//
// It runs the whole app twice on one database (createTestApp, real logins) when the test database
// server of the jest globalSetup is up; otherwise the hub alone twice, with a stand-in authenticator.
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection as ClientConnection } from '@microsoft/signalr';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { HubService } from '../src/hub/hub.service.js';
import { hubAlone, signInHubUser, type HubUser } from './hub-users.js';
import { startRoundRobinProxy } from './load-balancer.js';

const REDIS_URL = process.env.REDIS_URL;
const realApp = Boolean(process.env.FWD_TEST_SERVER_URL && process.env.FWD_TEST_TEMPLATE);
/** Keys and channel of this run only, so that parallel runs and other apps on the same Redis do not meet. */
const PREFIX = `fwd:hub:test:${randomBytes(4).toString('hex')}:`;

interface Process_ {
  url: string;
  hub: HubService;
  close(): Promise<void>;
}

interface Cluster {
  a: Process_;
  b: Process_;
  admin: HubUser;
  operator: HubUser;
  close(): Promise<void>;
}

async function startRealApps(): Promise<Cluster> {
  const { createTestApp, DEMO } = await import('./app.js');
  const first = await createTestApp({ redisUrl: REDIS_URL });
  // The second process serves the same database, as in production.
  const second = await createTestApp({ redisUrl: REDIS_URL, databaseUrl: first.databaseUrl });
  return {
    a: { url: first.url, hub: first.app.get(HubService), close: () => first.close() },
    b: { url: second.url, hub: second.app.get(HubService), close: () => second.close() },
    admin: await signInHubUser(first, DEMO.admin),
    operator: await signInHubUser(first, DEMO.operator),
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

async function startHubsAlone(): Promise<Cluster> {
  const { module, admin, operator } = hubAlone();
  const start = async (): Promise<Process_> => {
    const app: INestApplication = await NestFactory.create(module, { logger: false });
    app.get(HubService).attach(app);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, hub: app.get(HubService), close: () => app.close() };
  };
  const [a, b] = [await start(), await start()];
  return { a, b, admin, operator, close: async () => void (await Promise.all([b.close(), a.close()])) };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const describeWithRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) console.warn('hub.redis: skipped, the scale-out tests require REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379)');

describeWithRedis(`hub scale-out through Redis (requires REDIS_URL; ${realApp ? 'whole app' : 'hub alone'} twice)`, () => {
  let cluster: Cluster;
  let redis: Redis;
  const clients: ClientConnection[] = [];
  const savedEnv: Record<string, string | undefined> = {};
  const env = { REDIS_URL, HUB_REDIS_PREFIX: PREFIX, HUB_REDIS_PROCESS_TTL_MS: '3000' };

  beforeAll(async () => {
    for (const [name, value] of Object.entries(env)) {
      savedEnv[name] = process.env[name];
      process.env[name] = value;
    }
    redis = new Redis(REDIS_URL!);
    cluster = realApp ? await startRealApps() : await startHubsAlone();
    for (const process_ of [cluster.a, cluster.b]) {
      process_.hub.registerMethod('WhereAmI', () => process_.url);
    }
  }, 120_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop().catch(() => undefined)));
  });

  afterAll(async () => {
    await cluster?.close();
    const leftovers = await redis.keys(`${PREFIX}*`);
    if (leftovers.length > 0) await redis.del(...leftovers);
    redis.disconnect();
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  function connect(process_: Process_, user: HubUser, transport = HttpTransportType.WebSockets): ClientConnection {
    const connection = new HubConnectionBuilder()
      .withUrl(`${process_.url}/chathub`, { transport, accessTokenFactory: () => user.token })
      .configureLogging(LogLevel.None)
      .withAutomaticReconnect([0, 200, 500])
      .build();
    clients.push(connection);
    return connection;
  }

  it('delivers a KickOutMessage sent through process A to the user connected to process B', async () => {
    const onB = connect(cluster.b, cluster.operator);
    const kicks: unknown[] = [];
    onB.on('KickOutMessage', (payload) => kicks.push(payload));
    await onB.start();
    await expect(onB.invoke('WhereAmI')).resolves.toBe(cluster.b.url);
    const payload = { userId: cluster.operator.principal.userId, userName: cluster.operator.principal.fullName };
    await cluster.a.hub.sendToUser(cluster.operator.principal.userId, 'KickOutMessage', payload);
    await waitFor(() => kicks.length > 0, 5000, 'the kick-out on B');
    expect(kicks).toEqual([payload]);
  });

  it('ends through process A a session whose connections are on both processes, without reconnect', async () => {
    const onA = connect(cluster.a, cluster.admin);
    const onB = connect(cluster.b, cluster.admin, HttpTransportType.ServerSentEvents);
    const errors: Array<string | undefined> = [];
    onA.onclose((error) => errors.push(error?.message));
    onB.onclose((error) => errors.push(error?.message));
    await Promise.all([onA.start(), onB.start()]);
    await cluster.a.hub.closeSession(cluster.admin.principal.sessionId, 'Signed in elsewhere');
    await waitFor(() => errors.length === 2, 5000, 'both connections to close');
    expect(errors).toEqual(['Server returned an error on close: Signed in elsewhere', 'Server returned an error on close: Signed in elsewhere']);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect([onA.state, onB.state]).toEqual([HubConnectionState.Disconnected, HubConnectionState.Disconnected]);
  });

  it("lists the connections of both processes in either process's online()", async () => {
    const onA = connect(cluster.a, cluster.admin, HttpTransportType.LongPolling);
    const onB = connect(cluster.b, cluster.operator);
    await Promise.all([onA.start(), onB.start()]);
    for (const process_ of [cluster.a, cluster.b]) {
      const online = await process_.hub.online();
      expect(online).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ connectionId: onA.connectionId, userId: cluster.admin.principal.userId, transport: 'LongPolling' }),
          expect.objectContaining({ connectionId: onB.connectionId, userId: cluster.operator.principal.userId, transport: 'WebSockets' }),
        ]),
      );
    }
    await onB.stop();
    await waitFor(async () => !(await cluster.a.hub.online()).some((entry) => entry.connectionId === onB.connectionId), 3000, 'B to unlist');
  });

  it('broadcasts from B to every process and addresses one connection on another process', async () => {
    const onA = connect(cluster.a, cluster.admin);
    const onB = connect(cluster.b, cluster.operator);
    const received: string[] = [];
    onA.on('ReceiveMenuRouter', () => received.push('A'));
    onB.on('ReceiveMenuRouter', () => received.push('B'));
    onA.on('ReceiveOrderBbs', (count: number) => received.push(`A:${count}`));
    await Promise.all([onA.start(), onB.start()]);
    await cluster.b.hub.sendToAll('ReceiveMenuRouter');
    await cluster.b.hub.sendToConnection(onA.connectionId!, 'ReceiveOrderBbs', 4);
    await cluster.b.hub.sendToUsers([cluster.admin.principal.userId, cluster.operator.principal.userId], 'ReceiveOrderBbs', 5);
    await waitFor(() => received.length >= 4, 5000, 'the deliveries');
    expect(received.sort()).toEqual(['A', 'A:4', 'A:5', 'B']);
  });

  it('closes a connection held by another process and lets it reconnect when allowed', async () => {
    const onB = connect(cluster.b, cluster.operator);
    let reconnectedAs: string | undefined;
    onB.onreconnected((id) => (reconnectedAs = id));
    await onB.start();
    const firstId = onB.connectionId!;
    await cluster.a.hub.closeConnection(firstId, 'Server restarting', { allowReconnect: true });
    await waitFor(() => reconnectedAs !== undefined, 5000, 'the reconnection');
    expect(reconnectedAs).not.toBe(firstId);
  });

  it.each([
    ['Long Polling', HttpTransportType.LongPolling],
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
  ])('serves a %s connection whose requests alternate between the processes (no session affinity)', async (_name, transport) => {
    const proxy = await startRoundRobinProxy([cluster.a.url, cluster.b.url]);
    try {
      const client = connect({ ...cluster.a, url: proxy.url }, cluster.operator, transport);
      const kicks: unknown[] = [];
      client.on('KickOutMessage', (payload) => kicks.push(payload));
      await client.start();
      // every invocation is answered, always by the one process that holds the connection
      const answeredBy = new Set<string>();
      for (let i = 0; i < 4; i++) answeredBy.add(await client.invoke('WhereAmI'));
      expect(answeredBy.size).toBe(1);
      // a message sent through either process reaches the client
      const payload = { userId: cluster.operator.principal.userId, userName: cluster.operator.principal.fullName };
      await cluster.a.hub.sendToUser(payload.userId, 'KickOutMessage', payload);
      await cluster.b.hub.sendToUser(payload.userId, 'KickOutMessage', payload);
      await waitFor(() => kicks.length === 2, 5000, 'both messages');
      // the connection's requests did reach both processes
      const hubRequests = proxy.served.filter((served) => served.path === '/chathub');
      expect(new Set(hubRequests.map((served) => served.target))).toEqual(new Set([0, 1]));
      const connectionId = client.connectionId;
      await client.stop();
      expect(client.state).toBe(HubConnectionState.Disconnected);
      await waitFor(async () => !(await cluster.b.hub.online()).some((entry) => entry.connectionId === connectionId), 3000, 'the connection to end');
    } finally {
      await proxy.close();
    }
  });

  it('forgets a process that stopped refreshing its heartbeat (a crash)', async () => {
    const crashed = `crashed-host:1:${randomBytes(2).toString('hex')}`;
    const ghost = {
      connectionId: 'ghost',
      userId: 99,
      sessionId: 's-ghost',
      account: 'ghost',
      fullName: 'Ghost',
      transport: 'WebSockets',
      connectedAt: new Date().toISOString(),
    };
    await redis.sadd(`${PREFIX}processes`, crashed);
    await redis.hset(`${PREFIX}process:${crashed}:connections`, 'ghost', JSON.stringify(ghost));
    // No heartbeat key: the process is gone.
    expect((await cluster.a.hub.online()).map((entry) => entry.connectionId)).not.toContain('ghost');
    await waitFor(async () => !(await redis.sismember(`${PREFIX}processes`, crashed)), 2000, 'the cleanup');
    expect(await redis.exists(`${PREFIX}process:${crashed}:connections`)).toBe(0);
  });

  it('keeps each running process listed through its heartbeat, beyond the TTL', async () => {
    const onB = connect(cluster.b, cluster.operator);
    await onB.start();
    await new Promise((resolve) => setTimeout(resolve, 4000)); // longer than HUB_REDIS_PROCESS_TTL_MS
    expect((await cluster.a.hub.online()).map((entry) => entry.connectionId)).toContain(onB.connectionId);
  }, 10_000);
});
