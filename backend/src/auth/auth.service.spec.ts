// The life of a session against a real database (the medium tier, test/medium.ts): sign-in with the
// encrypted form, one live session per account, published passwords outside the demo, the password change,
// and the refresh token's rotation and reuse (docs/security.md).
import { DEMO_PASSWORDS } from '@forwarder/domain';
import { JwtService } from '@nestjs/jwt';
import bcrypt from 'bcryptjs';
import { encryptCredentials } from '../../test/app.js';
import { useMedium } from '../../test/medium.js';
import { t } from '../common/messages.js';
import { INSTALL_MODE_KEY } from '../settings/install-mode.js';
import { SettingsService } from '../settings/settings.service.js';
import { AuthService, PASSWORD_ROUNDS, storedId, type ClientInfo } from './auth.service.js';
import { ServerKeysService } from './server-keys.service.js';
import { TokenService } from './token.service.js';

describe('AuthService: sessions (medium)', () => {
  const { m, auth } = useMedium({}, { auth: AuthService });
  const PASSWORD = 'Medium#Pass1';
  let n = 0;
  /** A staff member of their own with a known, unpublished password. */
  const newUser = async (fields: { enabled?: boolean } = {}) => {
    const account = `auth-user-${++n}`;
    const org = await m.prisma.db.org.findFirstOrThrow();
    const user = await m.prisma.db.user.create({
      data: { account, fullName: `会话用户${n}`, passwordHash: await bcrypt.hash(PASSWORD, PASSWORD_ROUNDS), orgId: org.id, ...fields },
    });
    return user;
  };
  const form = async (account: string, password: string) => encryptCredentials((await m.get(ServerKeysService).rsaKeyPair()).publicPem, { account, password });
  const client = (ip = '10.50.0.1'): ClientInfo => ({ ip, userAgent: 'medium' });
  const signIn = async (account: string, password = PASSWORD, info = client()) => auth.login(await form(account, password), info);
  const tokenValid = async (token: string) => (await m.get(TokenService).verifyAccess(token)).ok;
  const sessionsOf = (userId: number) => m.prisma.db.authSession.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });

  it('signs in with the encrypted form, recording the session and its address', async () => {
    const user = await newUser();
    const { session, deviceCookie } = await signIn(user.account);
    expect(session).toMatchObject({ userid: user.id, account: user.account, username: user.fullName, mustChangePassword: false });
    expect(deviceCookie.value).toEqual(expect.any(String));
    expect(await tokenValid(session.token)).toBe(true);
    expect(await sessionsOf(user.id)).toEqual([expect.objectContaining({ ip: '10.50.0.1', userAgent: 'medium', endedAt: null })]);
  });

  it('refuses an unreadable form, invalid fields, a wrong password and a disabled account', async () => {
    await expect(auth.login('not-encrypted', client())).rejects.toMatchObject({ status: 400, key: 'loginBadPayload' });
    await expect(auth.login(await form('', PASSWORD), client())).rejects.toMatchObject({ fields: { account: expect.arrayContaining([t('accountRequired')]) } });
    const user = await newUser();
    await expect(signIn(user.account, 'Wrong#Pass1', client('10.51.0.1'))).rejects.toMatchObject({ key: 'loginFailed', params: { left: 4 } });
    await expect(signIn('no-such-account', PASSWORD, client('10.51.0.1'))).rejects.toMatchObject({ key: 'loginFailed' });
    const disabled = await newUser({ enabled: false });
    await expect(signIn(disabled.account)).rejects.toMatchObject({ key: 'accountDisabled' });
    expect(await sessionsOf(disabled.id)).toEqual([]);
  });

  it('keeps one live session per account: signing in again ends the one before as replaced', async () => {
    const user = await newUser();
    const first = await signIn(user.account);
    const second = await signIn(user.account, PASSWORD, client('10.52.0.1'));
    const [old, live] = await sessionsOf(user.id);
    expect(old).toMatchObject({ endReason: 'replaced' });
    expect(live.endedAt).toBeNull();
    const jwt = m.get(JwtService);
    const sidOfToken = (token: string) => jwt.decode<{ sid: string }>(token).sid;
    await expect(auth.principalOf(user.id, sidOfToken(first.session.token))).rejects.toMatchObject({ status: 401, key: 'sessionReplaced' });
    await expect(auth.principalOf(user.id, sidOfToken(second.session.token))).resolves.toMatchObject({ userId: user.id, sessionId: live.id });
  });

  it('lets a browser that signed in before past a lock of its address', async () => {
    const user = await newUser();
    const { deviceCookie } = await signIn(user.account, PASSWORD, client('10.53.0.1'));
    for (let i = 0; i < 5; i++) await signIn(user.account, 'Wrong#Pass1', client('10.53.0.2')).catch(() => undefined);
    await expect(signIn(user.account, PASSWORD, client('10.53.0.2'))).rejects.toMatchObject({ status: 423 });
    const trusted = { ...client('10.53.0.2'), cookies: `${deviceCookie.name}=${deviceCookie.value}` };
    await expect(signIn(user.account, PASSWORD, trusted)).resolves.toMatchObject({ session: { userid: user.id } });
  });

  it('refuses the published passwords outside the demo, at sign-in and as a new password', async () => {
    const user = await newUser();
    const principal = await m.principal('admin');
    const setMode = async (mode: string) => {
      await m.prisma.db.systemSetting.update({ where: { key: INSTALL_MODE_KEY }, data: { value: mode } });
      m.get(SettingsService).invalidate();
    };
    await setMode('production');
    try {
      await expect(signIn(user.account, DEMO_PASSWORDS.staff, client('10.54.0.1'))).rejects.toMatchObject({ key: 'publishedPasswordRefused' });
      await expect(auth.refusePublished(DEMO_PASSWORDS.admin, 'newPassword')).rejects.toMatchObject({
        fields: { newPassword: [t('publishedPasswordNotAllowed')] },
      });
      await expect(auth.modifyPassword({ ...principal, userId: user.id }, { oldPassword: PASSWORD, newPassword: DEMO_PASSWORDS.admin })).rejects.toMatchObject({
        fields: { newPassword: [t('publishedPasswordNotAllowed')] },
      });
    } finally {
      await setMode('demo');
    }
    await expect(auth.refusePublished(DEMO_PASSWORDS.admin, 'newPassword')).resolves.toBeUndefined();
  });

  it('changes a password only with the old one and to another, ending every session', async () => {
    const user = await newUser();
    await m.prisma.db.user.update({ where: { id: user.id }, data: { mustChangePassword: true } });
    const { session } = await signIn(user.account);
    const me = { ...(await m.principal('admin')), userId: user.id, fullName: user.fullName };
    await expect(auth.modifyPassword(me, { oldPassword: 'Wrong#Pass1', newPassword: 'Newer#Pass2' })).rejects.toMatchObject({
      fields: { oldPassword: [t('oldPasswordWrong')] },
    });
    await expect(auth.modifyPassword(me, { oldPassword: PASSWORD, newPassword: PASSWORD })).rejects.toMatchObject({
      fields: { newPassword: [t('newPasswordSame')] },
    });
    await auth.modifyPassword(me, { oldPassword: PASSWORD, newPassword: 'Newer#Pass2' });
    const saved = await m.prisma.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved.mustChangePassword).toBe(false);
    expect(await bcrypt.compare('Newer#Pass2', saved.passwordHash)).toBe(true);
    expect((await sessionsOf(user.id)).map((s) => s.endReason)).toEqual(['password']);
    await expect(auth.authenticate(session.token, undefined)).rejects.toMatchObject({ status: 401 });
  });

  describe('the refresh token', () => {
    /** An access token of the session that expired a minute ago. */
    const expiredAccess = (userId: number, sid: string) => m.get(JwtService).signAsync({ sid, typ: 'access' }, { subject: String(userId), expiresIn: -60 });

    it('renews an expired access token once: the spent refresh token, used again, ends the session', async () => {
      const user = await newUser();
      const { session } = await signIn(user.account);
      const sid = m.get(JwtService).decode<{ sid: string }>(session.token).sid;
      const expired = await expiredAccess(user.id, sid);
      const { principal, renewed } = await auth.authenticate(expired, session.refreshToken);
      expect(principal).toMatchObject({ userId: user.id, sessionId: storedId(sid) });
      expect(renewed!.refreshToken).not.toBe(session.refreshToken);
      await expect(auth.authenticate(expired, session.refreshToken)).rejects.toMatchObject({
        status: 401,
        key: 'invalidRefreshToken',
        headers: { 'access-token': 'invalid_token' },
      });
      expect((await sessionsOf(user.id)).map((s) => s.endReason)).toEqual(['reuse']);
      await expect(auth.authenticate(await expiredAccess(user.id, sid), renewed!.refreshToken)).rejects.toMatchObject({ status: 401 });
    });

    it('asks the client to clear an unreadable access token sent with a refresh token, and wants a token at all', async () => {
      const user = await newUser();
      const { session } = await signIn(user.account);
      await expect(auth.authenticate('garbage', session.refreshToken)).rejects.toMatchObject({ headers: { 'access-token': 'invalid_token' } });
      await expect(auth.authenticate(undefined, session.refreshToken)).rejects.toMatchObject({ status: 401, key: 'unauthorized' });
      expect(await auth.isSignedIn(session.token, undefined)).toBe(true);
      await auth.logout(await auth.principalOf(user.id, m.get(JwtService).decode<{ sid: string }>(session.token).sid));
      expect(await auth.isSignedIn(session.token, undefined)).toBe(false);
    });
  });
});
