// Whose X-Forwarded-For is believed (TRUST_PROXY, docs/security.md): the client address the sign-in limits,
// the sessions and the request log count by. A caller that is not the proxy cannot choose its address by
// writing the header itself, neither behind the compose file's proxy (one hop) nor beside a proxy named by
// its address.
import { postLogin, type TestApp, useTestApp } from './app.js';

async function signIn(t: TestApp, account: string, password: string, forwardedFor: string) {
  const { publicKey } = (await t.http().get('/api/v1/login/initialize').expect(200)).body.data;
  return postLogin(t, publicKey, { account, password }).set('X-Forwarded-For', forwardedFor);
}

describe('behind the compose proxy (TRUST_PROXY=1, one hop)', () => {
  const { t } = useTestApp({}, { trustProxy: 1 });

  it('counts by the address the proxy appended, not by the ones the caller wrote before it', async () => {
    // nginx ($proxy_add_x_forwarded_for) passes the caller's own header on with the caller's address appended
    const caller = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(t, 'op01', 'wrong-password', `203.0.113.${i + 1}, ${caller}`)).status);
    // five failures of one address, whatever it claimed to be: that address is locked out of the account
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    expect((await signIn(t, 'op01', 'demo123', `203.0.113.99, ${caller}`)).status).toBe(423);
    expect((await t.prisma.db.loginFailure.findUniqueOrThrow({ where: { account: 'op01' } })).lastFailureIp).toBe(caller);
    // another caller behind the same proxy is not held back, and its session records its own address
    const other = await signIn(t, 'op01', 'demo123', '203.0.113.7, 198.51.100.8');
    expect(other.status).toBe(200);
    const session = await t.prisma.db.authSession.findFirstOrThrow({ where: { userId: other.body.data.userid }, orderBy: { createdAt: 'desc' } });
    expect(session.ip).toBe('198.51.100.8');
  });
});

describe('a caller that is not the proxy named by its address (TRUST_PROXY=192.0.2.10)', () => {
  const { t } = useTestApp({}, { trustProxy: '192.0.2.10' });

  it('does not believe its X-Forwarded-For: the limits, the session and the request log use the socket address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(t, 'cs01', 'wrong-password', `203.0.113.${i + 1}`)).status);
    // each try claimed another address; all were counted as the one they came from
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    expect((await t.prisma.db.loginFailure.findUniqueOrThrow({ where: { account: 'cs01' } })).lastFailureIp).toBe('127.0.0.1');

    const res = await signIn(t, 'op01', 'demo123', '203.0.113.50');
    expect(res.status).toBe(200);
    const session = await t.prisma.db.authSession.findFirstOrThrow({ where: { userId: res.body.data.userid }, orderBy: { createdAt: 'desc' } });
    expect(session.ip).toBe('127.0.0.1');
    await t.flushAudit();
    const logged = await t.prisma.db.requestLog.findMany({ where: { path: { startsWith: '/api/v1/login/user' } }, select: { ip: true } });
    expect(logged.length).toBeGreaterThan(0);
    expect(new Set(logged.map((row) => row.ip))).toEqual(new Set(['127.0.0.1']));
  });
});
