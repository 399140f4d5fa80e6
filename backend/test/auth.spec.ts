import jwt from 'jsonwebtoken';
import { LIVE_SESSION_MS, storedId } from '../src/auth/auth.service.js';
import { DEMO, login, postLogin, refusal, useTestApp, viewOwnInfo } from './app.js';
import { withClockAhead } from './clock.js';

const SECRET = 'test-secret-for-expired-tokens';

/** An access token like the server's, already expired: what a client holds after a coffee break. */
function expiredAccessToken(userId: number, sessionId: string) {
  return jwt.sign({ sid: sessionId, typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, { subject: String(userId) });
}

function sessionIdOf(token: string): string {
  return (jwt.decode(token) as { sid: string }).sid;
}

describe('signing in (RSA login, tokens, sessions)', () => {
  const { t } = useTestApp({}, { jwtSecret: SECRET });

  it('gives the login page a public key that stays the same across calls', async () => {
    const a = await t.http().get('/api/v1/login/initialize').expect(200);
    const b = await t.http().get('/api/v1/login/initialize').expect(200);
    expect(a.body.success).toBe(true);
    expect(a.body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(b.body.data.publicKey).toBe(a.body.data.publicKey);
  });

  it('signs in with RSA-encrypted credentials and returns the session with tokens in body and headers', async () => {
    const init = await t.http().get('/api/v1/login/initialize');
    const res = await postLogin(t, init.body.data.publicKey, { account: 'admin', password: 'admin123' }).expect(200);
    expect(res.body).toMatchObject({ success: true, code: 200, data: { userid: expect.any(Number), username: '系统管理员' } });
    expect(res.headers['access-token']).toBe(res.body.data.token);
    expect(res.headers['x-access-token']).toBe(res.body.data.refreshToken);
    const info = await viewOwnInfo(t, res.body.data.token).expect(200);
    expect(info.body.data).toMatchObject({ fullName: '系统管理员', isSuperAdmin: true, roleCodes: ['admin'] });
    expect(info.body.data.rermissionCodes).toEqual(info.body.data.permissionCodes);
    expect(info.body.data.permissionCodes).toContain('avatar:dict');
  });

  it('refuses a payload that was not encrypted with the key', async () => {
    const res = await t
      .http()
      .post('/api/v1/login/user')
      .send({ param: Buffer.from('{"account":"admin"}').toString('base64') })
      .expect(400);
    expect(res.body.success).toBe(false);
  });

  it('refuses a wrong password with the attempts left, then locks the account', async () => {
    const init = await t.http().get('/api/v1/login/initialize');
    const attempt = (password: string) => postLogin(t, init.body.data.publicKey, { account: 'cs01', password });
    const first = await attempt('wrong-password');
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('账号或密码错误，还可尝试 4 次');
    for (let i = 0; i < 3; i++) await attempt('wrong-password');
    const fifth = await attempt('wrong-password');
    expect(fifth.status).toBe(423);
    expect(fifth.body.message).toMatch(/账号已锁定，请 15 分钟后再试/);
    // even the right password is refused while the lock lasts
    const right = await attempt('demo123');
    expect(right.status).toBe(423);
    await t.prisma.db.loginFailure.update({ where: { account: 'cs01' }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    await attempt('demo123').expect(200);
  });

  it('answers field messages for missing credentials as a JSON string (the client flattens it)', async () => {
    const init = await t.http().get('/api/v1/login/initialize');
    const res = await postLogin(t, init.body.data.publicKey, { account: '', password: '123' }).expect(400);
    expect(JSON.parse(res.body.message)).toEqual({ account: ['账号不能为空'], password: ['密码长度为 6 到 20 位'] });
  });

  it('renews an expired access token with the refresh token, once: the spent refresh token is refused', async () => {
    const session = await login(t, ...DEMO.operator);
    const expired = expiredAccessToken(session.userid, sessionIdOf(session.token));
    await viewOwnInfo(t, expired).expect(401);

    const renewed = await viewOwnInfo(t, expired, session.refreshToken).expect(200);
    expect(renewed.body.data.fullName).toBe('李文静');
    const newAccess = renewed.headers['access-token'];
    const newRefresh = renewed.headers['x-access-token'];
    expect(newAccess).toBeTruthy();
    expect(newRefresh).toBeTruthy();
    expect(newRefresh).not.toBe(session.refreshToken);
    await viewOwnInfo(t, newAccess).expect(200);

    const reuse = await viewOwnInfo(t, expired, session.refreshToken).expect(401);
    expect(reuse.headers['access-token']).toBe('invalid_token');
    // reusing a spent refresh token is treated as theft: the whole session ends
    await viewOwnInfo(t, newAccess).expect(401);
  });

  it('answers invalid_token for a forged or garbage refresh token', async () => {
    const session = await login(t, ...DEMO.finance);
    const expired = expiredAccessToken(session.userid, sessionIdOf(session.token));
    const forged = jwt.sign({ sid: sessionIdOf(session.token), typ: 'refresh' }, 'another-secret', { subject: String(session.userid), jwtid: 'x' });
    for (const refresh of [forged, 'garbage']) {
      const res = await viewOwnInfo(t, expired, refresh).expect(401);
      expect(res.headers['access-token']).toBe('invalid_token');
    }
  });

  it('answers invalid_token when an unreadable access token comes with a refresh token, and a plain 401 without one', async () => {
    const session = await login(t, ...DEMO.finance);
    const forgedAccess = jwt.sign({ sid: sessionIdOf(session.token) }, 'another-secret', { subject: String(session.userid) });
    for (const access of [forgedAccess, 'garbage']) {
      const withRefresh = await viewOwnInfo(t, access, session.refreshToken).expect(401);
      expect(withRefresh.headers['access-token']).toBe('invalid_token');
      const alone = await viewOwnInfo(t, access).expect(401);
      expect(alone.headers['access-token']).toBeUndefined();
    }
    // the refresh token was not spent by those refusals: the session still works
    await viewOwnInfo(t, session.token).expect(200);
  });

  it('ends the first session when the same account signs in again', async () => {
    const first = await login(t, ...DEMO.salesman);
    await viewOwnInfo(t, first.token).expect(200);
    const second = await login(t, ...DEMO.salesman);
    const refused = await viewOwnInfo(t, first.token).expect(401);
    expect(refused.body.message).toBe('该账号已在其他地方登录，您已被迫下线');
    await viewOwnInfo(t, second.token).expect(200);
  });

  it('logs out: the token stops working', async () => {
    const session = await login(t, ...DEMO.salesman);
    await t.http().post('/api/v1/login/logOut').set('Authorization', `Bearer ${session.token}`).expect(200);
    await viewOwnInfo(t, session.token).expect(401);
  });

  it('refuses a session ended by another process within LIVE_SESSION_MS (this process remembers live sessions that long)', async () => {
    const session = await login(t, ...DEMO.salesman);
    const view = () => viewOwnInfo(t, session.token);
    await view().expect(200);
    // another process ends it: its SessionEvents do not reach this one, only the database says so
    await t.prisma.base.authSession.update({ where: { id: storedId(sessionIdOf(session.token)) }, data: { endedAt: new Date(), endReason: 'logout' } });
    // the clock moved past the time this process trusts a session it found live, instead of waiting for it
    const refused = await withClockAhead(LIVE_SESSION_MS + 50, () => view().expect(401));
    expect(refused.body.message).toBe('登录已失效，请重新登录');
  });

  it('keeps only SHA-256 hashes of the session id and the refresh token id, never the values the tokens carry', async () => {
    const session = await login(t, ...DEMO.salesman2);
    const sid = sessionIdOf(session.token);
    const jti = (jwt.decode(session.refreshToken) as { jti: string }).jti;
    const row = await t.prisma.base.authSession.findFirstOrThrow({ where: { userId: session.userid, endedAt: null } });
    expect(row).toMatchObject({ id: storedId(sid), refreshJti: storedId(jti) });
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(sid);
    expect(JSON.stringify(row)).not.toContain(jti);
    // the stored id put in a token as its sid is no session
    const forged = jwt.sign({ sid: row.id, typ: 'access' }, SECRET, { subject: String(session.userid), expiresIn: 600 });
    await viewOwnInfo(t, forged).expect(401);
    await viewOwnInfo(t, session.token).expect(200);
  });

  it('answers 401 in the envelope without a token', async () => {
    const res = await t.http().get('/api/v1/user/info/view').expect(401);
    expect(res.body).toEqual(refusal(401, expect.any(String)));
  });
});

describe('changing the password (modifyPwd)', () => {
  const { t } = useTestApp();

  const change = (token: string, body: object) => t.http().post('/api/v1/login/modifyPwd').set('Authorization', `Bearer ${token}`).send(body);

  it('checks the rules of section 5 with their exact messages', async () => {
    const { token } = await login(t, ...DEMO.finance);
    const empty = await change(token, {}).expect(400);
    expect(JSON.parse(empty.body.message)).toMatchObject({
      oldPassword: expect.arrayContaining(['请输入原密码！']),
      newPassword: expect.arrayContaining(['请输入新密码！']),
    });
    const short = await change(token, { oldPassword: 'demo123', newPassword: '123' }).expect(400);
    expect(JSON.parse(short.body.message)).toEqual({ newPassword: ['新密码格式错误！'] });
    const tooLong = await change(token, { oldPassword: 'demo123', newPassword: 'x'.repeat(21) }).expect(400);
    expect(JSON.parse(tooLong.body.message)).toEqual({ newPassword: ['新密码格式错误！'] });
    const wrongOld = await change(token, { oldPassword: 'not-it-at-all', newPassword: 'secret99' }).expect(400);
    expect(JSON.parse(wrongOld.body.message)).toEqual({ oldPassword: ['原密码错误'] });
    const same = await change(token, { oldPassword: 'demo123', newPassword: 'demo123' }).expect(400);
    expect(JSON.parse(same.body.message)).toEqual({ newPassword: ['新密码不能与原密码相同'] });
  });

  it('changes the password, ends the session, and only the new password signs in', async () => {
    const { token } = await login(t, ...DEMO.finance);
    const res = await change(token, { oldPassword: 'demo123', newPassword: 'secret99' }).expect(200);
    expect(res.body.message).toBe('修改成功，下次登录切记使用新密码哦！！！');
    await viewOwnInfo(t, token).expect(401);
    await expect(login(t, 'fin01', 'demo123')).rejects.toThrow(/400/);
    await login(t, 'fin01', 'secret99');
  });

  it('answers in English when the client asks for it', async () => {
    const { token } = await login(t, ...DEMO.operator);
    const res = await change(token, { oldPassword: 'demo123', newPassword: '1' }).set('Accept-Language', 'en').expect(400);
    expect(JSON.parse(res.body.message)).toEqual({ newPassword: ['The new password format is wrong!'] });
  });
});
