// The sign-in lockout rules against a real database (the medium tier, test/medium.ts; the rate store in
// memory): locks per account and address that double, unknown names counted alike, the account lock past
// the high threshold that spares known addresses and tells the administrators, trusted browsers, the
// per-minute rates, and the administrator's unlock (docs/security.md).
import { randomUUID } from 'node:crypto';
import { useMedium } from '../../test/medium.js';
import { t } from '../common/messages.js';
import { LoginAttemptsService, type Attempt } from './login-attempts.service.js';

describe('LoginAttemptsService: sign-in lockouts (medium)', () => {
  const { m, admin, attempts } = useMedium({ admin: 'admin' }, { attempts: LoginAttemptsService });
  let n = 0;
  /** A fresh account name and address, so that the tests' counts never meet. */
  const fresh = (userId: number | null = 1): Attempt => ({ account: `lock-${++n}`, ip: `10.9.${n}.1`, userId });
  const failTimes = async (attempt: Attempt, times: number) => {
    let last;
    for (let i = 0; i < times; i++) last = await attempts.fail(attempt);
    return last;
  };
  const withParameter = async <T>(key: Parameters<typeof m.setParameter>[0], value: number, restore: number, body: () => Promise<T>) => {
    await m.setParameter(key, value);
    try {
      return await body();
    } finally {
      await m.setParameter(key, restore);
    }
  };

  it('tells the attempts left, then locks the pair for security.loginLockMinutes; another address still gets in', async () => {
    const attempt = fresh();
    expect(await attempts.fail(attempt)).toMatchObject({ status: 400, key: 'loginFailed', params: { left: 4 } });
    expect(await failTimes(attempt, 3)).toMatchObject({ key: 'loginFailed', params: { left: 1 } });
    expect(await attempts.fail(attempt)).toMatchObject({ status: 423, key: 'loginLocked', params: { minutes: 15 } });
    await expect(attempts.admit(attempt)).rejects.toMatchObject({ status: 423, key: 'loginLocked' });
    const elsewhere = { ...attempt, ip: '10.200.0.1' };
    await attempts.admit(elsewhere);
    // a success elsewhere forgets only that address's failures
    await attempts.succeed(elsewhere);
    await expect(attempts.admit(attempt)).rejects.toMatchObject({ status: 423 });
    expect((await attempts.lockedUntil([attempt.account])).get(attempt.account)!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('doubles the lock of a pair at each further lock, up to security.loginLockMaxMinutes', async () => {
    const attempt = fresh();
    expect(await failTimes(attempt, 5)).toMatchObject({ params: { minutes: 15 } });
    expect(await failTimes(attempt, 5)).toMatchObject({ params: { minutes: 30 } });
    expect(await failTimes(attempt, 5)).toMatchObject({ params: { minutes: 60 } });
    await withParameter('security.loginLockMaxMinutes', 90, 240, async () => {
      expect(await failTimes(attempt, 5)).toMatchObject({ params: { minutes: 90 } });
    });
  });

  it('counts unknown names the same way, without a row', async () => {
    const unknown = fresh(null);
    expect(await attempts.fail(unknown)).toMatchObject({ key: 'loginFailed', params: { left: 4 } });
    expect(await failTimes(unknown, 4)).toMatchObject({ status: 423, key: 'loginLocked' });
    await expect(attempts.admit(unknown)).rejects.toMatchObject({ status: 423 });
    expect(await m.prisma.db.loginFailure.count({ where: { account: unknown.account } })).toBe(0);
  });

  it('does not lock with security.loginLockMinutes at 0', async () => {
    const attempt = fresh();
    await withParameter('security.loginLockMinutes', 0, 15, async () => {
      expect(await failTimes(attempt, 7)).toMatchObject({ status: 400, key: 'loginFailed', params: { left: 0 } });
      await attempts.admit(attempt);
    });
  });

  it('locks the account past security.accountLockFailures from every address, sparing its known addresses, and tells the administrators', async () => {
    const known = '10.77.0.1';
    await m.prisma.db.authSession.create({
      data: { id: randomUUID(), userId: admin.userId, refreshJti: randomUUID(), refreshExpiresAt: new Date(Date.now() + 3_600_000), ip: known },
    });
    const account = `lock-account-${++n}`;
    const from = (ip: string): Attempt => ({ account, ip, userId: admin.userId });
    const noticesBefore = await m.prisma.db.notice.count();
    await withParameter('security.accountLockFailures', 3, 50, async () => {
      expect(await attempts.fail(from('10.78.0.1'))).toMatchObject({ key: 'loginFailed' });
      expect(await attempts.fail(from('10.78.0.2'))).toMatchObject({ key: 'loginFailed' });
      expect(await attempts.fail(from('10.78.0.3'))).toMatchObject({ status: 423, params: { minutes: 30 } });
    });
    await expect(attempts.admit(from('10.78.0.99'))).rejects.toMatchObject({ status: 423, key: 'loginLocked' });
    await attempts.admit(from(known));
    const notice = await m.prisma.db.notice.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(await m.prisma.db.notice.count()).toBe(noticesBefore + 1);
    expect(notice).toMatchObject({ status: 'published', audience: 'users', createdBy: 0 });
    expect(notice.title).toContain(t('accountLockedNoticeTitle', { account, failures: 3, ip: '10.78.0.3', minutes: 30 }, 'zh'));
    expect(notice.audienceUserIds).toContain(admin.userId);

    // 解除锁定 lifts it everywhere
    await attempts.clear(account);
    await attempts.admit(from('10.78.0.99'));
    expect((await attempts.lockedUntil([account])).size).toBe(0);
  });

  it('counts a trusted browser on its own: failures elsewhere never refuse it, its own lock only it', async () => {
    const attempt = fresh();
    const device = `nonce-${n}`;
    await failTimes(attempt, 5);
    await expect(attempts.admit(attempt)).rejects.toMatchObject({ status: 423 });
    await attempts.admit({ ...attempt, device });
    expect(await failTimes({ ...attempt, device }, 5)).toMatchObject({ status: 423, key: 'loginLocked' });
    await expect(attempts.admit({ ...attempt, device })).rejects.toMatchObject({ status: 423 });
    await expect(attempts.admit({ ...attempt, device: 'another-browser' })).resolves.toBeUndefined();
  });

  it('refuses an account past security.signinPerAccountPerMinute with 429 and Retry-After', async () => {
    const attempt = fresh();
    await withParameter('security.signinPerAccountPerMinute', 2, 30, async () => {
      await attempts.admit(attempt);
      await attempts.admit({ ...attempt, ip: '10.201.0.1' });
      await expect(attempts.admit({ ...attempt, ip: '10.201.0.2' })).rejects.toMatchObject({
        status: 429,
        key: 'tooManyRequests',
        headers: { 'Retry-After': expect.stringMatching(/^\d+$/) },
      });
    });
  });

  it('refuses token refreshes from one address past security.refreshPerIpPerMinute', async () => {
    await withParameter('security.refreshPerIpPerMinute', 2, 120, async () => {
      await attempts.admitRefresh('10.202.0.1');
      await attempts.admitRefresh('10.202.0.1');
      await expect(attempts.admitRefresh('10.202.0.1')).rejects.toMatchObject({ status: 429 });
      await attempts.admitRefresh('10.202.0.2');
    });
  });
});
