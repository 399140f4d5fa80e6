// A real server for integration tests: the whole app on a fresh copy of the seeded template database,
// listening on a free port, with helpers to sign in the way the web client does (RSA-encrypted).
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.factory.js';
import { AuditService } from '../src/audit/audit.service.js';
import { loadConfig, type AppConfig } from '../src/config/app-config.js';
import { createRootLogger } from '../src/logging/root-logger.js';
import { PrismaService } from '../src/prisma/prisma.service.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: INestApplication;
  /** base URL of the listening server, e.g. http://127.0.0.1:40123 */
  url: string;
  databaseUrl: string;
  config: AppConfig;
  prisma: PrismaService;
  http: () => ReturnType<typeof request>;
  /** writes the queued audit rows now */
  flushAudit: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * `logTo`: the server's log lines (JSON, level info and above) go there; none: the server logs nothing.
 * `freshServerKeys`: the database starts without the template's server keys (test/database.ts), as a new
 * installation does, so the server makes and seals its own.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
  options: { logTo?: DestinationStream; freshServerKeys?: boolean } = {},
): Promise<TestApp> {
  // Suites run two at a time (jest workers) against one Redis when REDIS_URL is set: a suite that did not
  // choose its own hub prefix gets its worker's, or a push to a demo user (the same ids in every test
  // database) in one suite would reach that user's browser in the other.
  const runPrefix = process.env.FWD_TEST_HUB_PREFIX;
  if (runPrefix && process.env.HUB_REDIS_PREFIX === runPrefix) process.env.HUB_REDIS_PREFIX = `${runPrefix}w${process.env.JEST_WORKER_ID ?? '0'}:`;
  const database = await createTestDatabase({ freshServerKeys: options.freshServerKeys });
  const databaseUrl = database.url;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'fwd-uploads-'));
  const config: AppConfig = {
    // a transaction (and a lock wait) may take a minute, not 15 s, unless the environment says: a suite beside the
    // browsers on a loaded CI machine took 21 s for what takes 2 quiet; the suites about the limit set their own (database-busy.spec)
    ...loadConfig({ DB_TRANSACTION_TIMEOUT_MS: '60000', ...process.env, ...env, DATABASE_URL: databaseUrl, UPLOAD_DIR: uploadDir, WEB_DIR: '' }),
    // each app counts its sign-in limits apart, even on a shared Redis (a test may share one on purpose)
    rateRedisPrefix: `fwd:rate:test:${randomBytes(4).toString('hex')}:`,
    // and hears only itself on the cluster channel, unless a test joins apps on purpose
    clusterRedisPrefix: `fwd:cluster:test:${randomBytes(4).toString('hex')}:`,
    ...overrides,
  };
  const app = await createApp(config, { logger: options.logTo ? createRootLogger({ logLevel: 'info', logFormat: 'json' }, options.logTo) : false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    databaseUrl,
    config,
    prisma: app.get(PrismaService),
    http: () => request(url),
    flushAudit: () => app.get(AuditService).flush(),
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** A demo account and its password, as in DEMO. */
export type Credentials = readonly [account: string, password: string];

/**
 * The app of a describe block: started in its beforeAll with these users signed in (one after another), closed
 * in its afterAll.
 * `const { t, admin } = useTestApp({ admin: DEMO.admin })` — the app and the sessions are filled when the
 * beforeAll has run, so the tests (and any later beforeAll of the block) use them as they are.
 */
export function useTestApp<N extends string = never>(
  accounts: Record<N, Credentials> = {} as Record<N, Credentials>,
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
): { t: TestApp } & Record<N, Session> {
  const t = {} as TestApp;
  const sessions = Object.fromEntries(Object.keys(accounts).map((name) => [name, {} as Session])) as Record<N, Session>;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, env));
    for (const [name, [account, password]] of Object.entries(accounts) as [N, Credentials][]) Object.assign(sessions[name], await login(t, account, password));
  });
  afterAll(() => t.close?.());
  return { t, ...sessions };
}

/** Encrypts credentials exactly as the login page does (jsencrypt: RSA PKCS#1 v1.5, base64). */
export function encryptCredentials(publicPem: string, credentials: object): string {
  const key = forge.pki.publicKeyFromPem(publicPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(JSON.stringify(credentials)), 'RSAES-PKCS1-V1_5'));
}

export interface Session {
  token: string;
  refreshToken: string;
  userid: number;
  username: string;
}

/** Posts the login form with the credentials encrypted by `publicKey` (from /login/initialize), as the login page does. */
export const postLogin = (t: TestApp, publicKey: string, credentials: { account: string; password: string }) =>
  t
    .http()
    .post('/api/v1/login/user')
    .send({ param: encryptCredentials(publicKey, credentials) });

export async function login(t: TestApp, account: string, password: string): Promise<Session> {
  const init = await t.http().get('/api/v1/login/initialize').expect(200);
  const res = await postLogin(t, init.body.data.publicKey, { account, password });
  if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.body.message}`);
  return res.body.data as Session;
}

/**
 * Signs in a colleague an administrator added (or whose password they reset) and changes the password they
 * were given, as the first sign-in asks (docs/security.md, No known passwords); answers the session signed
 * in with the new one, `${password}-own`.
 */
export async function loginChangingPassword(t: TestApp, account: string, password: string): Promise<Session> {
  const first = await login(t, account, password);
  await requestAs(t, first)
    .post('/api/v1/login/modifyPwd')
    .send({ oldPassword: password, newPassword: `${password}-own` })
    .expect(200);
  return login(t, account, `${password}-own`);
}

/** The shape of a request id the server made (crypto.randomUUID). */
export const NEW_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The whole body of a refused call: the envelope with the request's id. */
export const refusal = (code: number, message: unknown) => ({ success: false, code, message, data: null, requestId: expect.stringMatching(NEW_REQUEST_ID) });

/** The messages of a refused call (zh-CN), as the suites assert them. */
export const FORBIDDEN = '没有权限执行此操作';
export const STALE = '数据已被他人修改，请刷新后重试';
export const NOT_FOUND = '资源不存在';

export const DEMO = {
  admin: ['admin', 'admin123'],
  salesman: ['sales01', 'demo123'],
  salesman2: ['sales02', 'demo123'],
  salesManager: ['manager01', 'demo123'],
  operator: ['op01', 'demo123'],
  finance: ['fin01', 'demo123'],
  customerService: ['cs01', 'demo123'],
} as const;

/** An administrator, a salesman, an operator and a customer-service agent: the suites that compare what each role sees. */
export const DESK_STAFF = { admin: DEMO.admin, salesman: DEMO.salesman, operator: DEMO.operator, service: DEMO.customerService };

/** The bearer header of a signed-in session. */
export const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/**
 * Requests to the app as a signed-in user, with their bearer header: `requestAs(t, sales).get(path)`; `base`
 * goes before every path (a suite's API prefix: `requestAs(t, sales, '/api/v1/customers/').get('list')`).
 */
export function requestAs(t: TestApp, session: Session, base = '') {
  const send = (method: 'get' | 'post' | 'put' | 'delete') => (path: string) => t.http()[method](`${base}${path}`).set(auth(session));
  return { get: send('get'), post: send('post'), put: send('put'), delete: send('delete') };
}

/**
 * The caller's own details (GET user/info/view) read with a bare access token and, as the web client sends it
 * to renew an expired one, a refresh token: the suites of tokens and sessions.
 */
export function viewOwnInfo(t: TestApp, accessToken: string, refreshToken?: string) {
  const call = t.http().get('/api/v1/user/info/view').set('Authorization', `Bearer ${accessToken}`);
  return refreshToken === undefined ? call : call.set('X-Authorization', `Bearer ${refreshToken}`);
}

/** The data a user reads with a GET that succeeds (200). */
export const getData = async (t: TestApp, by: Session, path: string) => (await requestAs(t, by).get(path).expect(200)).body.data;

/** The field messages of a 400 answer (its message is a JSON map of field to messages). */
export const fieldErrors = (res: { body: { message: string } }) => JSON.parse(res.body.message) as Record<string, string[]>;

/** Sets a system parameter the way an administrator does on /base/deploy (the server's cache follows). */
export async function setParameter(t: TestApp, admin: Session, key: string, value: unknown) {
  const list = await requestAs(t, admin).post('/api/v1/deploy/list').expect(200);
  const { ver } = list.body.data.find((setting: { key: string }) => setting.key === key);
  await requestAs(t, admin)
    .post('/api/v1/deploy/update')
    .send({ key, value, ver: ver ?? undefined })
    .expect(200);
}

/** The body of POST /role/grant that takes `code` away from the role `roleCode`, keeping its menus and other codes. */
export async function grantWithout(t: TestApp, roleCode: string, code: string) {
  const role = await t.prisma.db.role.findUniqueOrThrow({
    where: { code: roleCode },
    include: { menus: { select: { menuId: true } }, permissions: { select: { permissionCode: true } } },
  });
  return {
    roleId: role.id,
    menuIds: role.menus.map((m) => m.menuId),
    permissionCodes: role.permissions.map((p) => p.permissionCode).filter((held) => held !== code),
    ver: role.ver,
  };
}
