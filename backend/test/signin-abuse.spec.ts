// Sign-in under attack: lockouts an anonymous caller cannot turn against a real user, rate limits on the
// public routes, unknown names counted not stored, and limits shared through Redis.
//
// Client addresses are simulated with X-Forwarded-For: the server trusts that header from a loopback
// peer (`trust proxy` = loopback, its default), and these requests come from 127.0.0.1, so req.ip is the
// address the header names — exactly what a reverse proxy on the same machine would hand over.
import { randomBytes } from 'node:crypto';
import { pairKeys } from '../src/auth/login-attempts.service.js';
import { RATE_STORE, type RateStore } from '../src/auth/rate-store.js';
import { SettingsService } from '../src/settings/settings.service.js';
import { createTestApp, DEMO, login, postLogin, refusal, requestAs, type Session, setParameter, type TestApp, useTestApp } from './app.js';

const publicKeys = new Map<TestApp, string>();
/** Signs in from `ip` with the credentials as the login page sends them (the key is fetched once: it stays the same). */
async function attempt(t: TestApp, ip: string, account: string, password: string, lang?: string, cookie?: string) {
  if (!publicKeys.has(t)) publicKeys.set(t, (await t.http().get('/api/v1/login/initialize').expect(200)).body.data.publicKey);
  const req = postLogin(t, publicKeys.get(t)!, { account, password }).set('X-Forwarded-For', ip);
  if (lang) req.set('Accept-Language', lang);
  if (cookie) req.set('Cookie', cookie);
  return req;
}

/** The device cookie a successful sign-in set (its whole Set-Cookie line). */
function deviceCookieLine(res: { headers: Record<string, unknown> }): string {
  const lines = (res.headers['set-cookie'] ?? []) as string[];
  const line = lines.find((l) => l.startsWith('fwd_device_'));
  if (!line) throw new Error(`no device cookie among ${JSON.stringify(lines)}`);
  return line;
}
/** `name=value`, as a browser sends a cookie back. */
const cookieOf = (line: string) => line.split(';')[0];

let addressCount = 0;
/** A documentation address (RFC 5737) no other test uses. */
const freshAddress = () => `203.0.113.${++addressCount}`;

describe('sign-in under attack', () => {
  const { t, admin } = useTestApp({ admin: DEMO.admin });

  it('does not let an anonymous caller lock the administrator out from another address', async () => {
    const attacker = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await attempt(t, attacker, 'admin', `guess-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 423, 423, 423, 423]);
    // the attacker's address is locked out of the account, even with the right password
    const fromAttacker = await attempt(t, attacker, 'admin', 'admin123');
    expect([fromAttacker.status, fromAttacker.body.message]).toEqual([423, '登录失败次数过多，账号已锁定，请 15 分钟后再试']);
    // the administrator, elsewhere, signs in
    const res = await attempt(t, freshAddress(), 'admin', 'admin123');
    expect(res.status).toBe(200);
    expect(res.body.data.account).toBe('admin');
    Object.assign(admin, res.body.data); // the session signed in before has been replaced by this one
  });

  it('locks an IPv6 address out with its whole /64 network, which one host may hold', async () => {
    for (let i = 0; i < 5; i++) await attempt(t, '2001:db8:0:7::1', 'op01', 'wrong-password');
    expect((await attempt(t, '2001:db8:0:7::abcd', 'op01', 'demo123')).status).toBe(423);
    expect((await attempt(t, '2001:db8:0:8::1', 'op01', 'demo123')).status).toBe(200);
  });

  it('locks one address out for longer at each further lock, up to the longest set', async () => {
    await setParameter(t, admin, 'security.loginLockMaxMinutes', 45);
    // this test signs in from one address more often than a minute allows
    await setParameter(t, admin, 'security.signinPerIpPerMinute', 100);
    const address = freshAddress();
    const store = t.app.get<RateStore>(RATE_STORE);
    const lockMessages: string[] = [];
    for (let lock = 0; lock < 3; lock++) {
      let last = await attempt(t, address, 'cs01', 'wrong-password');
      for (let i = 1; i < 5; i++) last = await attempt(t, address, 'cs01', 'wrong-password');
      expect(last.status).toBe(423);
      lockMessages.push(last.body.message);
      expect((await attempt(t, address, 'cs01', 'demo123')).status).toBe(423);
      // the lock runs out
      await store.forget(pairKeys('cs01', address).lock);
    }
    expect(lockMessages).toEqual([
      '登录失败次数过多，账号已锁定，请 15 分钟后再试',
      '登录失败次数过多，账号已锁定，请 30 分钟后再试',
      '登录失败次数过多，账号已锁定，请 45 分钟后再试',
    ]);
    // a success from the address forgets its history: the next lock is the first again
    expect((await attempt(t, address, 'cs01', 'demo123')).status).toBe(200);
    let last = await attempt(t, address, 'cs01', 'wrong-password');
    for (let i = 1; i < 5; i++) last = await attempt(t, address, 'cs01', 'wrong-password');
    expect(last.body.message).toBe('登录失败次数过多，账号已锁定，请 15 分钟后再试');
    await setParameter(t, admin, 'security.signinPerIpPerMinute', 20);
  });

  it('locks the account itself past the high threshold from many addresses (sparing the addresses it signed in from), and tells the administrators', async () => {
    await setParameter(t, admin, 'security.accountLockFailures', 6);
    const [account, password] = DEMO.finance;
    // the address the user works from: signed in from it before the attack
    const office = freshAddress();
    expect((await attempt(t, office, account, password)).status).toBe(200);
    const answers: [number, string][] = [];
    for (let address = 0; address < 3; address++) {
      const ip = freshAddress();
      for (let i = 0; i < 2; i++) {
        const res = await attempt(t, ip, account, 'wrong-password');
        answers.push([res.status, res.body.message]);
      }
    }
    expect(answers.slice(0, 5).map(([status]) => status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[5]).toEqual([423, '登录失败次数过多，账号已锁定，请 30 分钟后再试']);
    // now the right password is refused from every address the account never signed in from…
    expect((await attempt(t, freshAddress(), account, password)).status).toBe(423);
    // …but not from the user's own: the attacker cannot keep them out of their office
    expect((await attempt(t, office, account, password)).status).toBe(200);

    // the administrators hear of it: a notice addressed to them, and the error log
    const notices = await requestAs(t, admin).post('/api/v1/notice/my/list').send({ pageIndex: 1, pageSize: 10 }).expect(200);
    const notice = notices.body.data.items.find((n: { title: string }) => n.title.includes(account));
    expect(notice).toBeDefined();
    expect(notice.read).toBe(false);
    await t.flushAudit();
    const logged = await t.prisma.db.errorLog.findMany({ where: { message: { contains: `Account ${account}` } } });
    expect(logged).toHaveLength(1);
    expect(logged[0].message).toMatch(/failed to sign in 6 times/);

    // an administrator lifts the lock by resetting the password
    const finance = await t.prisma.db.user.findUniqueOrThrow({ where: { account } });
    await requestAs(t, admin).post('/api/v1/user/reset/password').send({ id: finance.id, newPassword: 'reset456' }).expect(200);
    expect((await attempt(t, freshAddress(), account, 'reset456')).status).toBe(200);
    await setParameter(t, admin, 'security.accountLockFailures', 50);
  });

  it('counts failures for unknown accounts without storing a row per try, answering as for a real account', async () => {
    const rowsBefore = await t.prisma.db.loginFailure.count();
    const address = freshAddress();
    const answersFor = async (account: string) => {
      const answers: [number, string][] = [];
      for (let i = 0; i < 6; i++) {
        const res = await attempt(t, address, account, 'wrong-password');
        answers.push([res.status, res.body.message]);
      }
      return answers;
    };
    const unknown = await answersFor(`ghost-${randomBytes(3).toString('hex')}`);
    expect(unknown).toEqual([
      [400, '账号或密码错误，还可尝试 4 次'],
      [400, '账号或密码错误，还可尝试 3 次'],
      [400, '账号或密码错误，还可尝试 2 次'],
      [400, '账号或密码错误，还可尝试 1 次'],
      [423, '登录失败次数过多，账号已锁定，请 15 分钟后再试'],
      [423, '登录失败次数过多，账号已锁定，请 15 分钟后再试'],
    ]);
    // many unknown names from many addresses: not one row
    for (let i = 0; i < 12; i++) await attempt(t, freshAddress(), `ghost-${i}-${randomBytes(3).toString('hex')}`, 'wrong-password');
    expect(await t.prisma.db.loginFailure.count()).toBe(rowsBefore);
    // a real account answers the same, so the answers do not tell which accounts exist
    expect(await answersFor('fin01')).toEqual(unknown);
    expect(await t.prisma.db.loginFailure.findUnique({ where: { account: 'fin01' } })).toMatchObject({ failures: 5, lastFailureIp: address });
  });

  it('answers 429 in the envelope with Retry-After past the sign-ins allowed per address', async () => {
    await setParameter(t, admin, 'security.signinPerIpPerMinute', 3);
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await attempt(t, address, 'nobody', 'wrong-password')).status).toBe(400);
    // refused before the credentials are even read: the right password too
    const refused = await attempt(t, address, 'op01', 'demo123');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(refusal(429, '请求过于频繁，请 60 秒后再试'));
    expect(refused.headers['retry-after']).toBe('60');
    const english = await attempt(t, address, 'op01', 'demo123', 'en');
    expect(english.body.message).toBe('Too many requests; try again in 60 seconds');
    // other addresses are not held back
    expect((await attempt(t, freshAddress(), 'nobody', 'wrong-password')).status).toBe(400);
    await setParameter(t, admin, 'security.signinPerIpPerMinute', 20);
  });

  it('limits the other public routes per address too (one count for all of them), and leaves signed-in routes alone', async () => {
    await setParameter(t, admin, 'security.publicPerIpPerMinute', 5);
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.http().get('/api/v1/login/initialize').set('X-Forwarded-For', address)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const gateway = await t.http().post('/api/v1/customers/wechat/token').set('X-Forwarded-For', address).send({});
    expect(gateway.status).toBe(429);
    for (let i = 0; i < 8; i++) await requestAs(t, admin).get('/api/v1/user/info/view').set('X-Forwarded-For', address).expect(200);
    await setParameter(t, admin, 'security.publicPerIpPerMinute', 60);
  });

  it('lets in the desk that signed in before (its device cookie) while an attack from many addresses refuses everyone else, and tells the administrators once', async () => {
    await setParameter(t, admin, 'security.signinPerAccountPerMinute', 6);
    const [account, password] = DEMO.salesManager;
    // the desk: a browser that signed in to the account before gets a device cookie
    const first = await attempt(t, freshAddress(), account, password);
    expect(first.status).toBe(200);
    const line = deviceCookieLine(first);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\/api\/v1\/login\/user(;|$)/);
    expect(line).not.toMatch(/; Secure/); // plain http here; see the https case below
    const desk = cookieOf(line);

    // the attack: wrong passwords from many addresses, past the account's limit (the desk's sign-in was the first of the minute)
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await attempt(t, freshAddress(), account, `guess-${i}`)).status);
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(9).fill(429)]);
    // a fresh browser with the right password is refused, and so is one with a forged or foreign cookie
    expect((await attempt(t, freshAddress(), account, password)).status).toBe(429);
    const forged = desk.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await attempt(t, freshAddress(), account, password, undefined, forged)).status).toBe(429);
    const [otherAccount, otherPassword] = DEMO.salesman2;
    const foreign = cookieOf(deviceCookieLine(await attempt(t, freshAddress(), otherAccount, otherPassword)));
    expect((await attempt(t, freshAddress(), account, password, undefined, foreign.replace(/^[^=]+/, desk.split('=')[0]))).status).toBe(429);

    // the desk signs in, even from another address, and gets a fresh cookie
    const fromDesk = await attempt(t, freshAddress(), account, password, undefined, desk);
    expect(fromDesk.status).toBe(200);
    expect(fromDesk.body.data.account).toBe(account);
    const renewed = cookieOf(deviceCookieLine(fromDesk));
    expect(renewed).not.toBe(desk);
    // …while the attack goes on
    expect((await attempt(t, freshAddress(), account, 'guess-again')).status).toBe(429);

    // the device cookie's own failures lock that cookie only: typos at the desk do not open a way around the limits
    const typos: number[] = [];
    for (let i = 0; i < 5; i++) typos.push((await attempt(t, freshAddress(), account, `typo-${i}`, undefined, renewed)).status);
    expect(typos).toEqual([400, 400, 400, 400, 423]);
    expect((await attempt(t, freshAddress(), account, password, undefined, renewed)).status).toBe(423);

    // the administrators hear of the attack once, not once per refused attempt: one notice, one error-log row
    const notices = await requestAs(t, admin).post('/api/v1/notice/my/list').send({ pageIndex: 1, pageSize: 50 }).expect(200);
    const attackNotices = notices.body.data.items.filter((n: { title: string }) => n.title.includes(`${account} 正在被频繁尝试登录`));
    expect(attackNotices).toHaveLength(1);
    await t.flushAudit();
    const logged = await t.prisma.db.errorLog.findMany({ where: { message: { contains: `Account ${account} received more than` } } });
    expect(logged).toHaveLength(1);
    await setParameter(t, admin, 'security.signinPerAccountPerMinute', 30);
  });

  it('marks the device cookie Secure when the proxy says the browser came over https', async () => {
    const [account, password] = DEMO.customerService;
    const res = await postLogin(t, publicKeys.get(t)!, { account, password }).set('X-Forwarded-For', freshAddress()).set('X-Forwarded-Proto', 'https');
    expect(res.status).toBe(200);
    expect(deviceCookieLine(res)).toMatch(/; Secure/);
  });

  it('shows a locked colleague on the staff list and lets a holder of staff:unlock clear the lock (解除锁定), nobody else', async () => {
    const [account, password] = DEMO.operator;
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await attempt(t, address, account, 'wrong-password');
    expect((await attempt(t, address, account, password)).status).toBe(423);
    const operator = await t.prisma.db.user.findUniqueOrThrow({ where: { account } });
    const rowOf = async () => {
      const list = await requestAs(t, admin).post('/api/v1/user/list').send({ pageIndex: 1, pageSize: 10, account }).expect(200);
      return list.body.data.items.find((r: { id: number }) => r.id === operator.id);
    };
    expect(new Date((await rowOf()).signInLockedUntil).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);

    // a colleague without staff:unlock may not (and the id must be one)
    const other = await login(t, ...DEMO.salesman2);
    expect((await requestAs(t, other).post('/api/v1/user/unlock').send({ id: operator.id })).status).toBe(403);
    expect((await requestAs(t, admin).post('/api/v1/user/unlock').send({ id: 'x' })).status).toBe(400);
    expect((await requestAs(t, admin).post('/api/v1/user/unlock').send({ id: 999999 })).status).toBe(404);

    const cleared = await requestAs(t, admin).post('/api/v1/user/unlock').send({ id: operator.id }).expect(200);
    expect(cleared.body.message).toBe('已解除该员工的登录锁定');
    expect((await rowOf()).signInLockedUntil).toBeNull();
    expect((await attempt(t, address, account, password)).status).toBe(200);
  });

  it('answers 429 past the sign-ins allowed per account from all addresses', async () => {
    await setParameter(t, admin, 'security.signinPerAccountPerMinute', 4);
    for (let i = 0; i < 4; i++) expect((await attempt(t, freshAddress(), 'sales01', 'wrong-password')).status).toBe(400);
    const refused = await attempt(t, freshAddress(), 'sales01', 'demo123');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    // another account is not held back
    expect((await attempt(t, freshAddress(), 'nobody-else', 'wrong-password')).status).toBe(400);
    await setParameter(t, admin, 'security.signinPerAccountPerMinute', 30);
  });
});

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) console.warn('signin-abuse: the shared-limits tests are skipped, they require REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379)');

describeWithRedis('sign-in limits shared by two processes through Redis (requires REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  beforeAll(async () => {
    const rateRedisPrefix = `fwd:rate:test:${randomBytes(4).toString('hex')}:`;
    a = await createTestApp({ redisUrl: REDIS_URL, rateRedisPrefix });
    // the second process serves the same database and the same Redis, as in production
    b = await createTestApp({ redisUrl: REDIS_URL, rateRedisPrefix, databaseUrl: a.databaseUrl });
    admin = await login(a, ...DEMO.admin);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts the failures of one address at both processes: the lock holds at either', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 ? b : a, address, 'op01', 'wrong-password')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    expect((await attempt(a, address, 'op01', 'demo123')).status).toBe(423);
    expect((await attempt(b, address, 'op01', 'demo123')).status).toBe(423);
    expect((await attempt(b, freshAddress(), 'op01', 'demo123')).status).toBe(200);
  });

  it('counts the calls of one address at both processes against one limit', async () => {
    await setParameter(a, admin, 'security.signinPerIpPerMinute', 3);
    b.app.get(SettingsService).invalidate();
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(i % 2 ? b : a, address, 'nobody', 'wrong-password')).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await attempt(a, address, 'nobody', 'wrong-password')).status).toBe(429);
  });
});
