import type { INestApplication } from '@nestjs/common';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { WebSocket } from 'ws';
import { createApp } from '../src/app.factory.js';
import { LIVE_SESSION_MS } from '../src/auth/auth.service.js';
import { GrantsService } from '../src/auth/grants.service.js';
import { auth, createTestApp, DEMO, encryptCredentials, login, refusal, type Session, type TestApp } from './app.js';
import { withClockAhead } from './clock.js';

/**
 * A TCP hop between the server and PostgreSQL that can be cut as a restart cuts it: open connections
 * die, new ones are refused until it is restored on the same port.
 */
class CuttableLink {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    if (this.server?.listening) return;
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => this.server!.once('error', reject).listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

describe('a database that cannot be reached', () => {
  let t: TestApp;
  let link: CuttableLink;
  let app: INestApplication;
  let url: string;
  let admin: Session;
  const http = () => request(url);

  beforeAll(async () => {
    t = await createTestApp();
    const database = new URL(t.databaseUrl);
    link = new CuttableLink({ host: database.hostname, port: Number(database.port) });
    await link.open();
    database.port = String(link.port);
    // the same server and database, reached through the link
    app = await createApp({ ...t.config, databaseUrl: database.toString() }, { logger: false });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    admin = await login({ ...t, http }, ...DEMO.admin);
  });
  afterAll(async () => {
    await link.open();
    await app.close();
    await link.cut();
    await t.close();
  });

  it('answers 503 in the envelope with a message that says so, without details, and serves again when it returns', async () => {
    const { publicKey } = (await http().get('/api/v1/login/initialize').expect(200)).body.data;
    await http().get('/api/v1/order/no/detail/NONE').set(auth(admin)).expect(404);
    await link.cut();
    try {
      const calls = [
        () => http().get('/api/v1/user/info/view').set(auth(admin)),
        // the order lookup reads on the pool under Prisma (readRows)
        () => http().get('/api/v1/order/no/detail/NONE').set(auth(admin)),
        () => http().get('/api/v1/workbench/summary').set(auth(admin)),
        // a sign-in while the database is away is not a wrong password
        () =>
          http()
            .post('/api/v1/login/user')
            .send({ param: encryptCredentials(publicKey, { account: DEMO.admin[0], password: DEMO.admin[1] }) }),
      ];
      const answers = await Promise.all(calls.map((call) => call()));
      expect(answers.map((res) => res.status)).toEqual(calls.map(() => 503));
      for (const res of answers) {
        expect(res.body).toEqual(refusal(503, '数据库暂时无法连接，请稍后重试'));
        expect(res.headers['retry-after']).toBe('5');
        expect(res.text).not.toMatch(/ECONNREFUSED|prisma|postgres|127\.0\.0\.1|\bat /i);
      }
      const english = await http().get('/api/v1/user/info/view').set(auth(admin)).set('Accept-Language', 'en').expect(503);
      expect(english.body.message).toBe('The database cannot be reached at the moment; please try again shortly');
    } finally {
      await link.open();
    }
    await http().get('/api/v1/user/info/view').set(auth(admin)).expect(200);
    await http().get('/api/v1/order/no/detail/NONE').set(auth(admin)).expect(404);
    expect(
      (
        await http()
          .post('/api/v1/login/user')
          .send({ param: encryptCredentials(publicKey, { account: DEMO.admin[0], password: DEMO.admin[1] }) })
      ).status,
    ).toBe(200);
  });

  it('is not ready (503, the database check failed by a code) while it lasts, still live, and ready again when it returns', async () => {
    await http().get('/api/health/ready').expect(200);
    await link.cut();
    try {
      const res = await http().get('/api/health/ready').expect(503);
      expect(res.body.status).toBe('fail');
      expect(res.body.checks.database).toEqual({ status: 'fail', ms: expect.any(Number), error: expect.stringMatching(/^[A-Z0-9_]+$|^timeout$|^error$/) });
      expect(res.body.checks.uploads.status).toBe('ok');
      expect(res.text).not.toMatch(/prisma|postgres|127\.0\.0\.1/i);
      expect(res.text).not.toContain(String(link.port));
      await http().get('/api/health/live').expect(200);
    } finally {
      await link.open();
    }
    await http().get('/api/health/ready').expect(200);
  });

  it("answers the hub's negotiate, polls, event streams and WebSocket upgrades with the same 503, never a 401 or a bare 500", async () => {
    const sales = await login({ ...t, http }, ...DEMO.salesman);
    const negotiate = () => http().post('/chathub/negotiate?negotiateVersion=1').set(auth(sales));
    // connections negotiated while the database is up, to be polled, streamed and posted to while it is away
    const [polled, streamed] = await Promise.all([negotiate().expect(200), negotiate().expect(200)]);
    const connection = (negotiated: request.Response) => `/chathub?id=${encodeURIComponent(negotiated.body.connectionToken as string)}`;
    const upgrade = (lang: string) =>
      new Promise<{ status: number; retryAfter?: string; text: string }>((resolve, reject) => {
        const socket = new WebSocket(`${url.replace('http', 'ws')}/chathub`, { headers: { ...auth(sales), 'Accept-Language': lang } });
        socket.on('open', () => reject(new Error('the WebSocket opened')));
        socket.on('error', reject);
        socket.on('unexpected-response', (_req, res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], text }));
        });
      });
    await link.cut();
    try {
      // what the server remembers of the session and its grants has expired: the hub must ask the database
      // (the clock moved past LIVE_SESSION_MS rather than waited for)
      app.get(GrantsService).invalidate();
      const calls = [
        () => negotiate(),
        () => http().get(connection(polled)).set(auth(sales)),
        () => http().get(connection(streamed)).set(auth(sales)).set('Accept', 'text/event-stream'),
        () => http().post(connection(polled)).set(auth(sales)).set('Content-Type', 'text/plain').send('{"type":6}\u001e'),
      ];
      await withClockAhead(LIVE_SESSION_MS + 100, async () => {
        for (const lang of ['zh', 'en']) {
          const message = lang === 'en' ? 'The database cannot be reached at the moment; please try again shortly' : '数据库暂时无法连接，请稍后重试';
          const answers = await Promise.all(calls.map((call) => call().set('Accept-Language', lang)));
          expect(answers.map((res) => [res.status, res.headers['retry-after'], res.text])).toEqual(calls.map(() => [503, '5', message]));
          expect(await upgrade(lang)).toEqual({ status: 503, retryAfter: '5', text: message });
        }
      });
    } finally {
      await link.open();
    }
    await negotiate().expect(200);
  });
});
