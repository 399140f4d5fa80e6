import { jest } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { connect } from 'node:net';
import pg from 'pg';
import { withDatabase } from '../../scripts/lib/database.mjs';
import { AuditWriter, type AuditKind, type RowOf } from '../src/audit/audit-writer.js';
import { AuditService } from '../src/audit/audit.service.js';
import { createTestApp, DEMO, login, refusal, requestAs, type Session, type TestApp, useTestApp, viewOwnInfo } from './app.js';
import { waitFor } from './wait-for.js';

// The audit trail against a real database: another caller's bad value, a refused row and an outage
// lose no one else's records, and no log table ever holds a secret.

const JWT_SECRET = 'audit-trail-test-signing-secret';
const GATEWAY_SECRET = 'audit-trail-gateway-secret';
// read when an app boots
process.env.WECHAT_GATEWAY_SECRET = GATEWAY_SECRET;

/** A client on the test server's maintenance database, to take an app's database away and back. */
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(process.env.FWD_TEST_SERVER_URL!, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseOf = (t: TestApp) => new URL(t.databaseUrl).pathname.slice(1);

/** The app's database refuses new connections and its open ones are ended: PostgreSQL gone, as far as the app can tell. */
const takeDatabaseAway = (t: TestApp) =>
  admin(async (client) => {
    await client.query(`alter database "${databaseOf(t)}" allow_connections false`);
    await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseOf(t)]);
  });
const bringDatabaseBack = (t: TestApp) => admin((client) => client.query(`alter database "${databaseOf(t)}" allow_connections true`));

/** Rows of a log table, read on a connection of the test's own. */
async function rows<T = Record<string, unknown>>(t: TestApp, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** How long the audit service may take to write by itself (no flushing: that is what is tested), through an outage's retries. */
const AUDIT_WRITES_MS = 45_000;

/** Holds the audit queue (no timer writes) while `work` runs, so its records travel in one batch; then writes it. */
async function inOneBatch(t: TestApp, work: () => Promise<unknown>) {
  const held = jest.spyOn(t.app.get(AuditService), 'flush').mockResolvedValue(undefined);
  try {
    await work();
  } finally {
    held.mockRestore();
  }
  await t.flushAudit();
}

/** Sends raw bytes as an HTTP request (what a client library refuses to send) and answers the status line. */
function rawRequest(t: TestApp, head: string): Promise<string> {
  const { port, hostname } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(Buffer.from(head, 'latin1')));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n')[0]));
    socket.on('error', reject);
  });
}

describe('the audit trail', () => {
  describe('bad values and refused rows', () => {
    const { t, adminSession, salesman } = useTestApp({ adminSession: DEMO.admin, salesman: DEMO.salesman });
    beforeAll(async () => {
      await t.flushAudit();
      await rows(t, 'truncate request_log, error_log, data_change_log');
    });

    it('loses no other record when an anonymous request carries NUL and invalid UTF-16 in its query, body and headers', async () => {
      await inOneBatch(t, async () => {
        await requestAs(t, adminSession).get('/api/v1/user/info/view').expect(200);
        await t.http().get('/api/v1/login/initialize?q=a%00b').set('X-Forwarded-For', '9'.repeat(300)).expect(200);
        // refused for want of the gateway's secret, and logged with its body
        await t
          .http()
          .post('/api/v1/customers/wechat/bind')
          .set('Content-Type', 'application/json')
          .set('User-Agent', `probe-${'\u00ff'.repeat(500)}`)
          .send('{"bindCode":"x","note\\u0000":"nul \\u0000 and a lone \\ud800 half"}')
          .expect(401);
        // NUL in a header: Node's HTTP parser refuses the request before the app sees it
        expect(await rawRequest(t, 'GET /api/v1/login/initialize HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\nConnection: close\r\n\r\n')).toMatch(
          /^HTTP\/1\.1 400/,
        );
        await requestAs(t, salesman).post('/api/v1/user/update/wechat/unbind').expect(200);
      });

      const requests = await rows<{ path: string; user_id: number | null; params: unknown; ip: string; user_agent: string | null }>(
        t,
        "select path, user_id, params, ip, user_agent from request_log where path in ('/api/v1/user/info/view', '/api/v1/login/initialize', '/api/v1/customers/wechat/bind', '/api/v1/user/update/wechat/unbind') order by created_at, id",
      );
      expect(requests.map((r) => [r.path, r.user_id])).toEqual([
        ['/api/v1/user/info/view', adminSession.userid],
        ['/api/v1/login/initialize', null],
        ['/api/v1/customers/wechat/bind', null],
        ['/api/v1/user/update/wechat/unbind', salesman.userid],
      ]);
      // the bad values are kept, escaped or cut, not dropped
      expect(requests[1].params).toEqual({ query: { q: 'a\\u0000b' } });
      expect(requests[1].ip).toHaveLength(64);
      expect(requests[2].params).toEqual({ body: { bindCode: '******', 'note\\u0000': 'nul \\u0000 and a lone \uFFFD half' } });
      expect(requests[2].user_agent).toHaveLength(300);
      const changes = await rows(t, "select record_id, user_id from data_change_log where table_name = 'User' and operation = 'update'");
      expect(changes).toEqual([{ record_id: String(salesman.userid), user_id: salesman.userid }]);
      expect(await rows(t, 'select message from error_log')).toEqual([]);
    });

    it('writes a batch the database refuses row by row: the refused row alone is lost, and the exception log says so', async () => {
      await rows(t, "alter table request_log add constraint refuse_probe check (path <> '/api/v1/refused-by-the-database')");
      try {
        await inOneBatch(t, async () => {
          await t.http().get('/api/v1/before-the-refused-one').expect(404);
          await t.http().get('/api/v1/refused-by-the-database').expect(404);
          await t.http().get('/api/v1/after-the-refused-one').expect(404);
        });
        await t.flushAudit();
        const paths = (await rows<{ path: string }>(t, "select path from request_log where path like '%refused%' order by id")).map((r) => r.path);
        expect(paths).toEqual(['/api/v1/before-the-refused-one', '/api/v1/after-the-refused-one']);
        const errors = await rows<{ message: string }>(t, 'select message from error_log');
        expect(errors).toEqual([
          { message: expect.stringMatching(/request_log row was refused and is lost \(23514 .*\): GET \/api\/v1\/refused-by-the-database$/) },
        ]);
      } finally {
        await rows(t, 'alter table request_log drop constraint refuse_probe');
      }
    });
  });

  describe('a database outage', () => {
    let t: TestApp;
    let operator: Session;
    beforeAll(async () => {
      t = await createTestApp();
      operator = await login(t, ...DEMO.operator);
    });
    afterAll(async () => {
      await bringDatabaseBack(t);
      await t.close();
    });

    it('loses no record queued while the database is out of reach: they are written when it returns', async () => {
      await requestAs(t, operator).post('/api/v1/user/update/wechat/unbind').expect(200);
      await takeDatabaseAway(t);
      try {
        for (let i = 0; i < 20; i++) await t.http().get(`/api/v1/during-the-outage/${i}`).expect(404);
        // a signed-in call needs the database: it fails, and that failure is a record too
        const failed = await requestAs(t, operator).get('/api/v1/user/info/view');
        expect(failed.status).toBeGreaterThanOrEqual(500);
        // let the writer try (and fail) a few times
        await new Promise((resolve) => setTimeout(resolve, 2500));
      } finally {
        await bringDatabaseBack(t);
      }
      await waitFor(
        async () => (await rows(t, "select 1 from request_log where path like '/api/v1/during-the-outage/%'")).length === 20,
        AUDIT_WRITES_MS,
        'the requests of the outage in the log',
      );
      await waitFor(
        async () => (await rows(t, "select 1 from request_log where path = '/api/v1/user/info/view'")).length === 1,
        AUDIT_WRITES_MS,
        'the request after the outage in the log',
      );
      const outage = await rows<{ path: string }>(t, "select path from request_log where path like '/api/v1/during-the-outage/%' order by created_at, id");
      expect(outage.map((r) => r.path)).toEqual(Array.from({ length: 20 }, (_, i) => `/api/v1/during-the-outage/${i}`));
      expect(await rows(t, "select 1 from request_log where path = '/api/v1/user/update/wechat/unbind'")).toHaveLength(1);
      expect(await rows(t, "select 1 from data_change_log where table_name = 'User' and record_id = $1", [String(operator.userid)])).toHaveLength(1);
      // nothing was dropped, so the exception log says nothing of the kind
      expect(await rows(t, "select 1 from error_log where message like 'audit:%'")).toEqual([]);
    });
  });

  describe('a queue that fills while the database is out of reach', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ auditQueueMax: 5 });
      await t.flushAudit();
    });
    afterAll(async () => {
      await bringDatabaseBack(t);
      await t.close();
    });

    it('drops the oldest records first and writes their number to the exception log when writing resumes', async () => {
      await takeDatabaseAway(t);
      try {
        for (let i = 0; i < 12; i++) await t.http().get(`/api/v1/while-full/${i}`).expect(404);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      } finally {
        await bringDatabaseBack(t);
      }
      await waitFor(
        async () => (await rows(t, "select 1 from error_log where message like 'audit:%dropped%'")).length === 1,
        AUDIT_WRITES_MS,
        'the dropped records noted in the exception log',
      );
      const kept = await rows<{ path: string }>(t, "select path from request_log where path like '/api/v1/while-full/%' order by created_at, id");
      expect(kept.map((r) => r.path)).toEqual([7, 8, 9, 10, 11].map((i) => `/api/v1/while-full/${i}`));
      const [dropped] = await rows<{ message: string }>(t, "select message from error_log where message like 'audit:%'");
      expect(dropped.message).toBe('audit: 7 records were dropped (queue limit 5) while the database could not take them');
    });
  });

  describe('secrets', () => {
    const { t, adminSession, salesman } = useTestApp(
      { adminSession: DEMO.admin, salesman: DEMO.salesman },
      { jwtSecret: JWT_SECRET },
      { WECHAT_GATEWAY_SECRET: GATEWAY_SECRET },
    );

    it('appear in no log table: password changes, binding codes, openIds, refreshed tokens, server keys', async () => {
      const secrets: string[] = [GATEWAY_SECRET, JWT_SECRET, adminSession.refreshToken, salesman.refreshToken, salesman.token];

      // a staff member changes their password; the administrator resets another one's
      const operator = await login(t, ...DEMO.operator);
      secrets.push(operator.refreshToken, 'Changed-Pw-1', 'Reset-Pw-22', 'wrong-old-pw');
      await requestAs(t, operator).post('/api/v1/login/modifyPwd').send({ oldPassword: 'wrong-old-pw', newPassword: 'Changed-Pw-1' });
      await requestAs(t, operator).post('/api/v1/login/modifyPwd').send({ oldPassword: DEMO.operator[1], newPassword: 'Changed-Pw-1' }).expect(200);
      const finance = await t.prisma.db.user.findUniqueOrThrow({ where: { account: DEMO.finance[0] } });
      await requestAs(t, adminSession).post('/api/v1/user/reset/password').send({ id: finance.id, newPassword: 'Reset-Pw-22' }).expect(200);
      for (const account of [DEMO.operator[0], DEMO.finance[0]]) secrets.push((await t.prisma.db.user.findUniqueOrThrow({ where: { account } })).passwordHash);

      // a salesman hands out a binding code; the mini-program's gateway binds with it, then asks for a hub token
      const customer = (
        await requestAs(t, salesman)
          .put('/api/v1/customers/add')
          .send({ companyName: '密钥测试有限公司', contactName: '王', mobile: '13800138000', email: 'key@example.com' })
          .expect(200)
      ).body.data;
      const bindCode: string = (await requestAs(t, salesman).get(`/api/v1/customers/bindcode/${customer.id}`).expect(200)).body.data.bind_code;
      const openId = 'oAuditTrail-openid-7f3a';
      secrets.push(bindCode, openId);
      const gateway = (path: string, body: object) => t.http().post(`/api/v1/customers/${path}`).set('X-Wechat-Gateway-Secret', GATEWAY_SECRET).send(body);
      await gateway('wechat/bind', { bindCode, openId, nickname: '王总' }).expect(200);
      await gateway('wechat/bind', { bindCode, openId }).expect(400);
      const hubToken = (await gateway('wechat/token', { openId }).expect(200)).body.data.token;
      secrets.push(hubToken);
      await t.http().post(`/api/v1/customers/wechat/bind?openId=${openId}&token=${bindCode}`).set('X-Wechat-Gateway-Secret', GATEWAY_SECRET).send({});

      // an expired access token renewed with the refresh token (the tokens travel in headers both ways)
      const sid = (jwt.decode(salesman.token) as { sid: string }).sid;
      const expired = jwt.sign({ sid, typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 }, JWT_SECRET, { subject: String(salesman.userid) });
      const renewed = await viewOwnInfo(t, expired, salesman.refreshToken).expect(200);
      secrets.push(renewed.headers['access-token'], renewed.headers['x-access-token'], expired);

      // an unexpected failure whose message and route carry secrets
      t.app
        .get(AuditService)
        .recordError({ message: `lookup failed: Key (open_id)=(${openId}) token=${hubToken}`, route: `/api/v1/x?token=${bindCode}`, method: 'GET' });

      // what the database itself holds as secrets
      for (const session of await t.prisma.db.authSession.findMany()) secrets.push(session.refreshJti);
      for (const key of await t.prisma.db.serverKey.findMany()) secrets.push(key.secretValue);
      await t.flushAudit();

      const logText = async (table: string) => (await rows<{ text: string }>(t, `select t::text as text from ${table} t`)).map((r) => r.text).join('\n');
      const tables = { request_log: await logText('request_log'), error_log: await logText('error_log'), data_change_log: await logText('data_change_log') };
      // the checks below look at something: the trail holds these events
      expect(tables.request_log).toContain('/api/v1/login/modifyPwd');
      expect(tables.request_log).toContain('/api/v1/customers/wechat/bind');
      expect(tables.data_change_log).toContain('CustomerBindCode');
      expect(tables.data_change_log).toContain('CustomerWechat');
      expect(tables.error_log).toContain('lookup failed');
      const leaks = Object.entries(tables).flatMap(([table, text]) => secrets.filter((secret) => text.includes(secret)).map((secret) => `${table}: ${secret}`));
      expect(leaks).toEqual([]);
    });
  });

  describe('change records commit with their writes', () => {
    const { t, adminSession } = useTestApp({ adminSession: DEMO.admin });
    const changesOf = (code: string) =>
      rows<{ operation: string }>(t, `select operation from data_change_log where table_name = 'DictType' and after->>'dictCode' = '${code}' order by id`);

    it('writes the change record of a write in its transaction: there before the answer, with nothing queued', async () => {
      const queued = jest.spyOn(t.app.get(AuditService), 'recordChange');
      try {
        await t.prisma.db.dictType.create({ data: { dictCode: 'probe_alone', dictName: 'probe' } });
        await t.prisma.db.$transaction(async (tx) => {
          const type = await tx.dictType.create({ data: { dictCode: 'probe_tx', dictName: 'probe' } });
          await tx.dictType.update({ where: { id: type.id }, data: { remark: 'changed' } });
        });
        expect(queued).not.toHaveBeenCalled();
      } finally {
        queued.mockRestore();
      }
      expect(await changesOf('probe_alone')).toEqual([{ operation: 'create' }]);
      expect(await changesOf('probe_tx')).toEqual([{ operation: 'create' }, { operation: 'update' }]);
    });

    it('keeps no change record of a transaction rolled back, and no write of one whose record could not be written', async () => {
      await expect(
        t.prisma.db.$transaction(async (tx) => {
          await tx.dictType.create({ data: { dictCode: 'probe_rolled_back', dictName: 'probe' } });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await changesOf('probe_rolled_back')).toEqual([]);
      await rows(t, "alter table data_change_log add constraint refuse_probe check (coalesce(after->>'dictCode', '') <> 'probe_unrecorded')");
      try {
        await expect(t.prisma.db.dictType.create({ data: { dictCode: 'probe_unrecorded', dictName: 'probe' } })).rejects.toThrow();
        expect(await t.prisma.db.dictType.count({ where: { dictCode: 'probe_unrecorded' } })).toBe(0);
      } finally {
        await rows(t, 'alter table data_change_log drop constraint refuse_probe');
      }
    });

    it('records a write made through the API with its user, committed with it', async () => {
      await requestAs(t, adminSession).put('/api/v1/dict/add').send({ dictCode: 'probeApi', dictName: '探针' }).expect(200);
      expect(await rows(t, "select user_id from data_change_log where table_name = 'DictType' and after->>'dictCode' = 'probeApi'")).toEqual([
        { user_id: adminSession.userid },
      ]);
    });
  });

  describe('request records of writes', () => {
    const { t, adminSession } = useTestApp({ adminSession: DEMO.admin });
    const logged = (path: string) => rows<{ method: string; status: number }>(t, 'select method, status from request_log where path = $1', [path]);

    it('writes the record of a request that wrote before its answer leaves, and queues that of a read', async () => {
      const flushed = jest.spyOn(t.app.get(AuditService), 'flush').mockResolvedValue(undefined);
      try {
        await requestAs(t, adminSession).put('/api/v1/dict/add').send({ dictCode: 'probeRecorded', dictName: '探针' }).expect(200);
        expect(await logged('/api/v1/dict/add')).toEqual([{ method: 'PUT', status: 200 }]);
        await requestAs(t, adminSession).get('/api/v1/user/info/view').expect(200);
        expect(await logged('/api/v1/user/info/view')).toEqual([]);
      } finally {
        flushed.mockRestore();
      }
      await t.flushAudit();
      expect(await logged('/api/v1/user/info/view')).toEqual([{ method: 'GET', status: 200 }]);
    });

    it('answers 503 instead of ok when the record of a write cannot be written, and keeps the record queued', async () => {
      const writer = t.app.get(AuditWriter);
      const original = writer.write.bind(writer);
      const failing = jest
        .spyOn(writer, 'write')
        .mockImplementation(<K extends AuditKind>(kind: K, records: readonly RowOf<K>[]) =>
          kind === 'request' ? Promise.reject(new Error('Connection terminated unexpectedly')) : original(kind, records),
        );
      let res;
      try {
        res = await requestAs(t, adminSession).put('/api/v1/dict/add').send({ dictCode: 'probeUnrecorded', dictName: '探针' });
      } finally {
        failing.mockRestore();
      }
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual(refusal(503, '数据库暂时无法连接，请稍后重试'));
      await t.flushAudit();
      expect(await rows(t, "select status from request_log where path = '/api/v1/dict/add' and params->'body'->>'dictCode' = 'probeUnrecorded'")).toEqual([
        { status: 503 },
      ]);
    });
  });
});
