// The SignalR hub at /chathub driven by the real @microsoft/signalr client over each transport, plus
// the raw HTTP and WebSocket rules the client relies on (docs/hub.md).
//
// It runs against the whole app (createTestApp, real logins) when the test database server of the
// jest globalSetup is up; otherwise against the hub alone, with a stand-in authenticator.
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  Subject,
  TransferFormat,
  type HubConnection as ClientConnection,
  type IHubProtocol,
} from '@microsoft/signalr';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { HubService } from '../src/hub/hub.service.js';
import { HubError } from '../src/hub/hub.types.js';
import { hubAlone, signInHubUser, type HubUser } from './hub-users.js';
import { waitFor } from './wait-for.js';

const RS = '\x1e';

/** Short timings so that keep-alive and timeouts happen within a test. */
const HUB_ENV = {
  HUB_PING_INTERVAL_MS: '1000',
  HUB_CLIENT_TIMEOUT_MS: '3000',
  HUB_HANDSHAKE_TIMEOUT_MS: '2000',
  HUB_DISCONNECT_TIMEOUT_MS: '2000',
  HUB_LONG_POLL_TIMEOUT_MS: '1500',
  // a development server on another port, allowed to call the hub cross-origin
  CORS_ORIGINS: 'http://localhost:5173',
};

interface Server_ {
  url: string;
  hub: HubService;
  http: Server;
  admin: HubUser;
  operator: HubUser;
  close(): Promise<void>;
}

const realApp = Boolean(process.env.FWD_TEST_SERVER_URL && process.env.FWD_TEST_TEMPLATE);

async function startRealApp(): Promise<Server_> {
  const { createTestApp, DEMO } = await import('./app.js');
  const t = await createTestApp({ redisUrl: undefined });
  return {
    url: t.url,
    hub: t.app.get(HubService),
    http: t.app.getHttpServer(),
    admin: await signInHubUser(t, DEMO.admin),
    operator: await signInHubUser(t, DEMO.operator),
    close: () => t.close(),
  };
}

async function startHubAlone(): Promise<Server_> {
  const { module, admin, operator } = hubAlone();
  const app: INestApplication = await NestFactory.create(module, { logger: false });
  app.get(HubService).attach(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, hub: app.get(HubService), http: app.getHttpServer(), admin, operator, close: () => app.close() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: Server_;
let sockets: Set<Socket>;
const savedEnv: Record<string, string | undefined> = {};
const clients: ClientConnection[] = [];

beforeAll(async () => {
  for (const [name, value] of Object.entries(HUB_ENV)) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  if (!realApp) console.warn('hub.conformance: no test database server (jest globalSetup); testing the hub alone with a stand-in authenticator');
  server = realApp ? await startRealApp() : await startHubAlone();
  sockets = new Set();
  server.http.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.hub.registerMethod('Echo', (ctx, ...args) => ({ args, userId: ctx.principal.userId, connectionId: ctx.connectionId }));
  server.hub.registerMethod('Nothing', () => undefined);
  server.hub.registerMethod('Refuse', () => {
    throw new HubError('无权操作 / Not allowed');
  });
  server.hub.registerMethod('Crash', () => {
    throw new Error('secret database detail');
  });
  server.hub.registerMethod('PushToMe', async (ctx, count) => {
    for (let i = 0; i < (count as number); i++) await server.hub.sendToConnection(ctx.connectionId, 'ReceiveMessage', i);
  });
}, 120_000);

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop().catch(() => undefined)));
});

afterAll(async () => {
  await server?.close();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

interface ClientOptions {
  token?: string | null;
  protocol?: IHubProtocol;
  skipNegotiation?: boolean;
  reconnect?: boolean;
  statefulReconnect?: boolean;
}

function client(transport: HttpTransportType, options: ClientOptions = {}): ClientConnection {
  const token = options.token === undefined ? server.admin.token : options.token;
  let builder = new HubConnectionBuilder()
    .withUrl(`${server.url}/chathub`, {
      transport,
      skipNegotiation: options.skipNegotiation,
      accessTokenFactory: token === null ? undefined : () => token,
    })
    .withServerTimeout(3000)
    .withKeepAliveInterval(1000)
    .configureLogging(LogLevel.None);
  if (options.reconnect) builder = builder.withAutomaticReconnect([0, 200, 500, 1000, 2000]);
  if (options.protocol) builder = builder.withHubProtocol(options.protocol);
  if (options.statefulReconnect) builder = builder.withStatefulReconnect();
  const connection = builder.build();
  clients.push(connection);
  return connection;
}

async function onlineIds(): Promise<string[]> {
  return (await server.hub.online()).map((entry) => entry.connectionId);
}

/** Drops every TCP connection of the server, as a crash or a network cut does. */
function dropAllSockets(): void {
  for (const socket of sockets) socket.destroy();
}

const TRANSPORTS: Array<[string, HttpTransportType]> = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
];

describe.each(TRANSPORTS)(`SignalR client over %s (${realApp ? 'whole app' : 'hub alone'})`, (name, transport) => {
  it('connects as the signed-in user and shows up in online()', async () => {
    const connection = client(transport);
    await connection.start();
    expect(connection.state).toBe(HubConnectionState.Connected);
    const entry = (await server.hub.online()).find((online) => online.connectionId === connection.connectionId);
    expect(entry).toMatchObject({
      userId: server.admin.principal.userId,
      sessionId: server.admin.principal.sessionId,
      account: server.admin.principal.account,
      transport: name,
    });
    expect(new Date(entry!.connectedAt).getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('resolves invoke() with the result, with undefined for a void method, and rejects with a HubError message', async () => {
    const connection = client(transport);
    await connection.start();
    await expect(connection.invoke('Echo', 2, 'x')).resolves.toEqual({
      args: [2, 'x'],
      userId: server.admin.principal.userId,
      connectionId: connection.connectionId,
    });
    await expect(connection.invoke('echo', 1)).resolves.toMatchObject({ args: [1] });
    await expect(connection.invoke('Nothing')).resolves.toBeUndefined();
    await expect(connection.invoke('Refuse')).rejects.toThrow('无权操作 / Not allowed');
    await expect(connection.invoke('Crash')).rejects.toThrow("An unexpected error occurred invoking 'Crash' on the server.");
  });

  it('answers an unknown method with an error completion and keeps the connection up', async () => {
    const connection = client(transport);
    await connection.start();
    await expect(connection.invoke('NoSuchMethod', 1)).rejects.toThrow("Unknown hub method 'NoSuchMethod'");
    expect(connection.state).toBe(HubConnectionState.Connected);
    await expect(connection.invoke('Echo', 'still here')).resolves.toMatchObject({ args: ['still here'] });
  });

  it('answers 50 concurrent invokes, each with its own result', async () => {
    const connection = client(transport);
    await connection.start();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => connection.invoke('Echo', i)));
    expect(results.map((result) => (result as { args: number[] }).args[0])).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('receives server pushes to the user, the session and the connection, whatever the handler case', async () => {
    const connection = client(transport);
    const received: unknown[][] = [];
    connection.on('receivemessage', (...args) => received.push(args));
    connection.on('ReceiveOrderBbs', (count) => received.push(['bbs', count]));
    await connection.start();
    await server.hub.sendToUser(server.admin.principal.userId, 'ReceiveMessage', { text: 'to the user' });
    await server.hub.sendToSession(server.admin.principal.sessionId, 'ReceiveMessage', 'to the session');
    await server.hub.sendToConnection(connection.connectionId!, 'ReceiveOrderBbs', 3);
    await server.hub.sendToUser(server.operator.principal.userId, 'ReceiveMessage', 'not for admin');
    await waitFor(() => received.length >= 3, 5000, 'three pushes');
    await sleep(200);
    expect(received).toEqual([[{ text: 'to the user' }], ['to the session'], ['bbs', 3]]);
  });

  it('delivers a burst of pushes complete and in order', async () => {
    const connection = client(transport);
    const received: number[] = [];
    connection.on('ReceiveMessage', (i: number) => received.push(i));
    await connection.start();
    for (let i = 0; i < 20; i++) void server.hub.sendToConnection(connection.connectionId!, 'ReceiveMessage', i);
    await connection.invoke('PushToMe', 20);
    await waitFor(() => received.length >= 40, 5000, 'forty pushes');
    expect(received).toEqual([...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => i)]);
  });

  it('carries newlines, emoji and 100 kB payloads both ways', async () => {
    const connection = client(transport);
    let pushed: string | undefined;
    connection.on('ReceiveMessage', (text: string) => (pushed = text));
    await connection.start();
    const payload = '第一行\r\n🚢 line two\n'.repeat(5000).slice(0, 100_000);
    await expect(connection.invoke('Echo', payload)).resolves.toMatchObject({ args: [payload] });
    await server.hub.sendToConnection(connection.connectionId!, 'ReceiveMessage', payload);
    await waitFor(() => pushed !== undefined, 5000, 'the large push');
    expect(pushed).toBe(payload);
  });

  it('stays connected while idle for longer than the ping interval and both timeouts', async () => {
    const connection = client(transport);
    let closed = false;
    connection.onclose(() => (closed = true));
    await connection.start();
    const id = connection.connectionId;
    await sleep(4500);
    expect(closed).toBe(false);
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toBe(id);
    await expect(connection.invoke('Echo', 'after idle')).resolves.toMatchObject({ args: ['after idle'] });
  }, 15_000);

  it('stops gracefully and the server forgets the connection', async () => {
    const connection = client(transport);
    let closeError: Error | undefined | null = null;
    connection.onclose((error) => (closeError = error));
    await connection.start();
    const id = connection.connectionId!;
    expect(await onlineIds()).toContain(id);
    await connection.stop();
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect(closeError).toBeUndefined();
    await waitFor(async () => !(await onlineIds()).includes(id), 3000, 'the server to free the connection');
  });

  it('reconnects under a new connection id after the server drops the connection', async () => {
    const connection = client(transport, { reconnect: true });
    let reconnectedAs: string | undefined;
    connection.onreconnected((id) => (reconnectedAs = id));
    await connection.start();
    const firstId = connection.connectionId!;
    await sleep(200); // lets Long Polling hold its next poll
    dropAllSockets();
    await waitFor(() => reconnectedAs !== undefined, 10_000, 'the reconnection');
    expect(reconnectedAs).not.toBe(firstId);
    expect(connection.state).toBe(HubConnectionState.Connected);
    await expect(connection.invoke('Echo', 'again')).resolves.toMatchObject({ connectionId: reconnectedAs });
    // The old connection is gone once its transport is seen closed or, for Long Polling, expired.
    await waitFor(async () => !(await onlineIds()).includes(firstId), 5000, 'the old connection to go');
  }, 20_000);

  it('reconnects after a Close that allows it, and stops for good after one that does not', async () => {
    const connection = client(transport, { reconnect: true });
    let reconnectedAs: string | undefined;
    let closeError: Error | undefined;
    connection.onreconnected((id) => (reconnectedAs = id));
    connection.onclose((error) => (closeError = error));
    await connection.start();
    const firstId = connection.connectionId!;
    await server.hub.closeConnection(firstId, 'Server restarting', { allowReconnect: true });
    await waitFor(() => reconnectedAs !== undefined, 10_000, 'the reconnection');
    expect(reconnectedAs).not.toBe(firstId);

    await server.hub.closeSession(server.admin.principal.sessionId, '您的账号已在别处登录 / Signed in elsewhere');
    await waitFor(() => connection.state === HubConnectionState.Disconnected, 5000, 'the kick-out');
    expect(closeError?.message).toBe('Server returned an error on close: 您的账号已在别处登录 / Signed in elsewhere');
    await sleep(500);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect(await onlineIds()).not.toContain(reconnectedAs);
  }, 20_000);

  it('refuses start() without a token or with a bad one (401)', async () => {
    await expect(client(transport, { token: null }).start()).rejects.toThrow(/401|Unauthorized/);
    await expect(client(transport, { token: 'not-a-token' }).start()).rejects.toThrow(/401|Unauthorized/);
  });
});

describe('SignalR handshake and raw protocol rules', () => {
  const messagePack: IHubProtocol = {
    name: 'messagepack',
    version: 1,
    transferFormat: TransferFormat.Binary,
    parseMessages: () => [],
    writeMessage: () => new ArrayBuffer(0),
  };

  it('refuses a handshake with an unknown protocol', async () => {
    await expect(client(HttpTransportType.WebSockets, { protocol: messagePack }).start()).rejects.toThrow(
      "Server returned handshake error: The protocol 'messagepack' is not supported.",
    );
  });

  it('connects a client asking for stateful reconnect without granting it (handshake version 1)', async () => {
    const connection = client(HttpTransportType.WebSockets, { statefulReconnect: true });
    await connection.start();
    await expect(connection.invoke('Echo', 'plain')).resolves.toMatchObject({ args: ['plain'] });
  });

  it('refuses server streams and upload streams with an error, keeping the connection', async () => {
    const connection = client(HttpTransportType.WebSockets);
    await connection.start();
    const streamError = await new Promise<Error>((resolve) => {
      connection.stream('Echo').subscribe({ next: () => undefined, complete: () => undefined, error: resolve });
    });
    expect(streamError.message).toMatch(/cannot be streamed/);
    const upload = new Subject<number>();
    const invoked = connection.invoke('Echo', upload);
    upload.next(1);
    upload.complete();
    await expect(invoked).rejects.toThrow(/cannot receive streams/);
    await expect(connection.invoke('Echo', 'still up')).resolves.toMatchObject({ args: ['still up'] });
  });

  it('accepts a WebSocket opened without negotiate (skipNegotiation)', async () => {
    const connection = client(HttpTransportType.WebSockets, { skipNegotiation: true });
    await connection.start();
    await expect(connection.invoke('Echo', 'direct')).resolves.toMatchObject({ args: ['direct'] });
  });

  it('negotiates v1 with exactly 200, a bare body and a URL-safe token distinct from the id', async () => {
    const response = await fetch(`${server.url}/chathub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.stringMatching(/^[\w-]+$/),
      connectionToken: expect.stringMatching(/^[\w-]+$/),
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('negotiates v0 for a client that sends no version, and accepts the token as a query parameter', async () => {
    const response = await fetch(`${server.url}/chathub/negotiate?access_token=${encodeURIComponent(server.admin.token)}`, { method: 'POST' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.connectionToken).toBeUndefined();
    expect(body.negotiateVersion).toBeUndefined();
    const poll = await fetch(`${server.url}/chathub?id=${body.connectionId as string}`, { headers: { authorization: `Bearer ${server.admin.token}` } });
    expect(poll.status).toBe(200);
  });

  it('answers CORS preflights by echoing the origin with credentials', async () => {
    const response = await fetch(`${server.url}/chathub/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-requested-with,x-signalr-user-agent',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(
      /authorization.*x-requested-with.*x-signalr-user-agent|x-signalr-user-agent/,
    );
  });

  it('refuses an origin that is neither its own nor listed in CORS_ORIGINS, over HTTP and WebSocket', async () => {
    const authorization = `Bearer ${server.admin.token}`;
    const foreign = await fetch(`${server.url}/chathub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', authorization },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await fetch(`${server.url}/chathub/negotiate?negotiateVersion=1`, { method: 'POST', headers: { origin: server.url, authorization } });
    expect(own.status).toBe(200);
    const socketStatus = (origin: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chathub?access_token=${encodeURIComponent(server.admin.token)}`, { origin });
        socket.on('open', () => {
          socket.terminate();
          resolve(101);
        });
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('error', () => undefined);
      });
    expect(await socketStatus('https://evil.example')).toBe(403);
    expect(await socketStatus(server.url)).toBe(101);
  });

  describe('requests on a connection', () => {
    const auth = () => ({ authorization: `Bearer ${server.admin.token}` });
    const negotiate = async (token = server.admin.token) =>
      (await (await fetch(`${server.url}/chathub/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()) as {
        connectionId: string;
        connectionToken: string;
      };

    it('answers 400 without id and 404 for an unknown id, on every kind of request', async () => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        expect((await fetch(`${server.url}/chathub`, { method, headers: auth() })).status).toBe(400);
        expect((await fetch(`${server.url}/chathub?id=unknown`, { method, headers: auth() })).status).toBe(404);
      }
      const sse = await fetch(`${server.url}/chathub?id=unknown`, { headers: { ...auth(), accept: 'text/event-stream' } });
      expect(sse.status).toBe(404);
    });

    it('does not accept the public connection id in place of the token', async () => {
      const { connectionId } = await negotiate();
      expect((await fetch(`${server.url}/chathub?id=${connectionId}`, { headers: auth() })).status).toBe(404);
    });

    it('refuses another user or session on a connection (403) and a request without a token (401)', async () => {
      const { connectionToken } = await negotiate();
      const asOperator = await fetch(`${server.url}/chathub?id=${connectionToken}`, { headers: { authorization: `Bearer ${server.operator.token}` } });
      expect(asOperator.status).toBe(403);
      expect((await fetch(`${server.url}/chathub?id=${connectionToken}`)).status).toBe(401);
    });

    it('runs Long Polling by hand: empty first poll, handshake by POST, records in the next poll, 204 after DELETE', async () => {
      const { connectionToken } = await negotiate();
      const url = `${server.url}/chathub?id=${connectionToken}`;
      const first = await fetch(`${url}&_=1`, { headers: auth() });
      expect(first.status).toBe(200);
      expect(await first.text()).toBe('');
      const handshake = await fetch(url, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'text/plain;charset=UTF-8' },
        body: `{"protocol":"json","version":1}${RS}{"type":1,"target":"Echo","arguments":[7],"invocationId":"0"}${RS}`,
      });
      expect(handshake.status).toBe(200);
      expect(await handshake.text()).toBe('');
      const second = await fetch(`${url}&_=2`, { headers: auth() });
      expect(second.status).toBe(200);
      const records = (await second.text()).split(RS);
      expect(records[0]).toBe('{}');
      expect(JSON.parse(records[1])).toMatchObject({ type: 3, invocationId: '0', result: { args: [7] } });
      const held = fetch(`${url}&_=3`, { headers: auth() });
      await sleep(100);
      expect((await fetch(url, { method: 'DELETE', headers: auth() })).status).toBe(202);
      expect((await held).status).toBe(204);
      expect((await fetch(url, { method: 'POST', headers: auth(), body: `{"type":7}${RS}` })).status).toBe(404);
    });

    it('refuses a second WebSocket on the same connection (409)', async () => {
      const { connectionToken } = await negotiate();
      const wsUrl = `${server.url.replace('http', 'ws')}/chathub?id=${connectionToken}`;
      const first = new WebSocket(wsUrl, { headers: auth() });
      await new Promise((resolve, reject) => first.once('open', resolve).once('error', reject));
      const second = new WebSocket(wsUrl, { headers: auth() });
      const status = await new Promise<number>((resolve) => second.once('unexpected-response', (_req, res) => resolve(res.statusCode!)));
      expect(status).toBe(409);
      first.close();
    });
  });

  describe('raw WebSocket clients', () => {
    const open = async () => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chathub`, { headers: { authorization: `Bearer ${server.admin.token}` } });
      const frames: string[] = [];
      socket.on('message', (data) => frames.push(data.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, frames, closed };
    };

    it('cancels a handshake that never comes', async () => {
      const { frames, closed } = await open();
      await closed;
      expect(frames).toEqual([`{"error":"Handshake was canceled."}${RS}`]);
    });

    it('drops a client that goes silent after the handshake', async () => {
      const { socket, frames, closed } = await open();
      socket.send(`{"protocol":"json","version":1}${RS}`);
      const started = Date.now();
      await closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
      expect(frames[0]).toBe(`{}${RS}`);
      expect(frames.slice(1).every((frame) => frame === `{"type":6}${RS}`)).toBe(true);
    }, 10_000);

    it('sends several records in one frame and handles several records in one client frame', async () => {
      const { socket, frames } = await open();
      socket.send(
        `{"protocol":"json","version":1}${RS}{"type":1,"target":"Echo","arguments":[1],"invocationId":"0"}${RS}` +
          `{"type":1,"target":"Echo","arguments":[2]}${RS}{"type":1,"target":"Echo","arguments":[3],"invocationId":"1"}${RS}`,
      );
      await waitFor(() => frames.join('').split(RS).filter(Boolean).length >= 3, 3000, 'the replies');
      await sleep(200);
      const records = frames
        .join('')
        .split(RS)
        .filter(Boolean)
        .map((record) => JSON.parse(record));
      // The send() in the middle is never answered.
      expect(records).toEqual([
        {},
        expect.objectContaining({ type: 3, invocationId: '0', result: expect.objectContaining({ args: [1] }) }),
        expect.objectContaining({ type: 3, invocationId: '1', result: expect.objectContaining({ args: [3] }) }),
      ]);
      socket.close();
    });

    it('closes with an error after a record it cannot read', async () => {
      const { socket, frames, closed } = await open();
      socket.send(`{"protocol":"json","version":1}${RS}{"type":1,"arguments":[]}${RS}`);
      await closed;
      expect(frames).toEqual([`{}${RS}`, `{"type":7,"error":"Connection closed with an error."}${RS}`]);
    });

    it('takes the token from the access_token query parameter, as browsers send it', async () => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chathub?access_token=${encodeURIComponent(server.admin.token)}`);
      const frames: string[] = [];
      socket.on('message', (data) => frames.push(data.toString()));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(`{"protocol":"json","version":1}${RS}`);
      await waitFor(() => frames.length > 0, 3000, 'the handshake response');
      expect(frames[0]).toBe(`{}${RS}`);
      socket.close();
    });

    it('refuses an upgrade without a valid token with 401', async () => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chathub`);
      const status = await new Promise<number>((resolve) => socket.once('unexpected-response', (_req, res) => resolve(res.statusCode!)));
      expect(status).toBe(401);
    });
  });
});
