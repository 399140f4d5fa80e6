import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { AppError } from '../common/app-error.js';
import { t, type MessageKey } from '../common/messages.js';
import { AuditService } from '../audit/audit.service.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { AccountAlerts } from './account-alerts.js';
import { RATE_STORE, type RateStore } from './rate-store.js';

/** How long failures are remembered: of one address, and of an account from every address. */
const FAILURE_MEMORY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

/** An address this account signed in from within this period is its own: the account lock spares it. */
const KNOWN_ADDRESS_MS = 90 * 24 * 3600_000;

/**
 * One sign-in attempt: the account name sent, the client address, the user of that name if any, and the
 * nonce of a valid device cookie for that account the browser presented (auth/device-cookie.ts), if any.
 */
export interface Attempt {
  account: string;
  ip: string;
  userId: number | null;
  device?: string | null;
}

/**
 * The lockout rules of sign-in, made so that an anonymous caller cannot turn them against a real user:
 * - failures are counted per pair (account name, client address): after security.loginMaxFailures that
 *   address is locked out of that account for security.loginLockMinutes, twice as long at each further
 *   lock of the pair (up to security.loginLockMaxMinutes). The right password from another address
 *   still signs in. Unknown names are counted the same way, in the rate store only (no row per try), so
 *   the answers do not tell which accounts exist.
 * - the account itself is locked only past security.accountLockFailures failures from every address
 *   within 24 hours, and administrators are told (a notice, and the error log). The lock spares the
 *   addresses the account signed in from in the last 90 days (its sessions say which), so an attacker
 *   with many addresses still cannot keep the user out of their own office.
 * - every attempt that reaches the password check counts against security.signinPerAccountPerMinute; the
 *   first refusal in a window tells the administrators that the account is under attack.
 * - an attempt from a browser that signed in to the account before (a valid device cookie) escapes all of
 *   the above: it is counted per device cookie alone (security.loginMaxFailures failures lock that cookie
 *   for security.loginLockMinutes, doubling like a pair's), so failures from elsewhere never refuse it.
 * The account's `login_failure` row says whether any lock holds: an administrator who clears the lock
 * (解除锁定, staff:unlock) or resets the password deletes the row and so lifts them all.
 */
@Injectable()
export class LoginAttemptsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly alerts: AccountAlerts,
    @Inject(RATE_STORE) private readonly store: RateStore,
  ) {}

  /** Refuses (423) an attempt while a lock holds for this account from this address, 429 past the account's rate. */
  async admit({ account, ip, userId, device }: Attempt): Promise<void> {
    if (device) {
      const deviceMs = await this.store.lockedFor(deviceKeys(device).lock);
      if (deviceMs > 0) throw locked(deviceMs);
      return;
    }
    const keys = pairKeys(account, ip);
    if (userId !== null) {
      const row = await this.prisma.db.loginFailure.findUnique({ where: { account } });
      const now = Date.now();
      if (row?.lockedUntil && row.lockedUntil.getTime() > now) {
        if (row.accountLockedUntil && row.accountLockedUntil.getTime() > now && !(await this.signedInBefore(userId, ip))) {
          throw locked(row.accountLockedUntil.getTime() - now);
        }
        const pairMs = await this.store.lockedFor(keys.lock);
        if (pairMs > 0) throw locked(pairMs);
      }
    } else {
      const pairMs = await this.store.lockedFor(keys.lock);
      if (pairMs > 0) throw locked(pairMs);
    }
    const limit = await this.settings.get('security.signinPerAccountPerMinute');
    const rate = await this.store.increment(`account:${digest(account)}`, MINUTE_MS, limit, MINUTE_MS, 'account');
    if (rate.isBlocked) {
      if (userId !== null) await this.noteAttack(account, ip, limit);
      throw tooManyRequests(rate.timeToBlockExpire);
    }
  }

  /**
   * The first refusal of an account's per-minute limit in a window of security.accountLockMinutes tells
   * the administrators (a notice and the error log), the later ones of that window do not.
   */
  private async noteAttack(account: string, ip: string, limit: number): Promise<void> {
    const minutes = Math.max(1, await this.settings.get('security.accountLockMinutes'));
    if ((await this.store.hit(`attack:${digest(account)}`, minutes * MINUTE_MS)) !== 1) return;
    const params = { account, limit, ip, minutes };
    this.audit.recordError({ message: t('accountAttackedNoticeContent', params, 'en'), method: 'POST', route: '/api/v1/login/user' });
    await this.tellAdministrators('accountAttackedNoticeTitle', 'accountAttackedNoticeContent', params).catch((error: Error) =>
      this.audit.recordError({ message: `Account attack notice not sent: ${error.message}`, stack: error.stack }),
    );
  }

  /** Counts a failed attempt; answers the error to send (attempts left, or the lock that now holds). */
  async fail({ account, ip, userId, device }: Attempt): Promise<AppError> {
    const max = await this.settings.get('security.loginMaxFailures');
    // a trusted browser's failures are its own: they neither count against the account nor lock anyone else
    const { failures, lockMs } = await this.countFailure(device ? deviceKeys(device) : pairKeys(account, ip), max);
    if (userId !== null && !device) {
      const accountLockMs = await this.countAccountFailure(account, ip, lockMs);
      if (accountLockMs) return locked(accountLockMs);
    }
    return lockMs ? locked(lockMs) : AppError.badRequest('loginFailed', { left: Math.max(0, max - failures) });
  }

  /**
   * Counts a failure of one pair (account, address) or of one device cookie; past `max` failures locks it
   * for security.loginLockMinutes, twice as long at each further lock (up to security.loginLockMaxMinutes).
   */
  private async countFailure(keys: { failures: string; locks: string; lock: string }, max: number) {
    const failures = await this.store.hit(keys.failures, FAILURE_MEMORY_MS);
    const lockMinutes = await this.settings.get('security.loginLockMinutes');
    let lockMs = 0;
    // a lock of 0 minutes is no lock: the address may keep trying, within the rate limits
    if (failures >= max && lockMinutes > 0) {
      const locks = await this.store.hit(keys.locks, FAILURE_MEMORY_MS);
      const minutes = Math.min(lockMinutes * 2 ** (locks - 1), await this.settings.get('security.loginLockMaxMinutes'));
      lockMs = minutes * MINUTE_MS;
      await this.store.lock(keys.lock, lockMs);
      // when this lock runs out, the count starts afresh
      await this.store.forget(keys.failures);
    }
    return { failures, lockMs };
  }

  /** Whether the user signed in from this address within KNOWN_ADDRESS_MS (a session of theirs came from it). */
  private async signedInBefore(userId: number, ip: string): Promise<boolean> {
    const since = new Date(Date.now() - KNOWN_ADDRESS_MS);
    return (await this.prisma.db.authSession.count({ where: { userId, ip: ip.slice(0, 64), createdAt: { gte: since } } })) > 0;
  }

  /** Refuses (429) a token refresh past security.refreshPerIpPerMinute from one address. */
  async admitRefresh(ip: string): Promise<void> {
    const limit = await this.settings.get('security.refreshPerIpPerMinute');
    const rate = await this.store.increment(`refresh:${digest(normalizeIp(ip))}`, MINUTE_MS, limit, MINUTE_MS, 'refresh');
    if (rate.isBlocked) throw tooManyRequests(rate.timeToBlockExpire);
  }

  /** A successful sign-in from this address (or device cookie) forgets its failures (those of others stay). */
  async succeed({ account, ip, device }: Attempt): Promise<void> {
    const keys = pairKeys(account, ip);
    await this.store.forget(keys.failures, keys.locks, keys.lock);
    if (device) {
      const own = deviceKeys(device);
      await this.store.forget(own.failures, own.locks, own.lock);
    }
  }

  /**
   * Lifts every lock of an account (解除锁定): its row goes, and with it the account lock and the locks of
   * the addresses that failed (admit reads those only while the row says one holds).
   */
  async clear(account: string): Promise<void> {
    await this.prisma.db.loginFailure.deleteMany({ where: { account } });
    await this.store.forget(`attack:${digest(account)}`);
  }

  /** Until when a lock holds on each of these accounts (the account's own, or some address's), for those locked now. */
  async lockedUntil(accounts: string[]): Promise<Map<string, Date>> {
    const now = new Date();
    const rows = await this.prisma.db.loginFailure.findMany({
      where: { account: { in: accounts }, OR: [{ lockedUntil: { gt: now } }, { accountLockedUntil: { gt: now } }] },
      select: { account: true, lockedUntil: true, accountLockedUntil: true },
    });
    return new Map(
      rows.map((row) => [row.account, [row.lockedUntil, row.accountLockedUntil].reduce<Date>((latest, d) => (d && d > latest ? d : latest), now)]),
    );
  }

  /**
   * Adds a failure to the account's row (from every address, forgotten 24 hours after the last one) and
   * records the pair lock that started; locks the account past the high threshold. Answers the account
   * lock's duration when this failure started it.
   */
  private async countAccountFailure(account: string, ip: string, pairLockMs: number): Promise<number> {
    const pairLockedUntil = pairLockMs ? new Date(Date.now() + pairLockMs) : null;
    // One statement, so that failures arriving together from many addresses are all counted.
    const [row] = await this.prisma.db.$queryRaw<{ failures: number; locked_until: Date | null; account_locked_until: Date | null }[]>`
      INSERT INTO login_failure (account, failures, last_failure_at, last_failure_ip, locked_until)
      VALUES (${account}, 1, now(), ${ip.slice(0, 64)}, ${pairLockedUntil})
      ON CONFLICT (account) DO UPDATE SET
        failures = CASE WHEN login_failure.last_failure_at < now() - make_interval(secs => ${FAILURE_MEMORY_MS / 1000}) THEN 1 ELSE login_failure.failures + 1 END,
        last_failure_at = now(),
        last_failure_ip = excluded.last_failure_ip,
        locked_until = GREATEST(login_failure.locked_until, excluded.locked_until)
      RETURNING failures, locked_until, account_locked_until`;
    const threshold = await this.settings.get('security.accountLockFailures');
    if (row.failures < threshold) return 0;
    const minutes = await this.settings.get('security.accountLockMinutes');
    const now = Date.now();
    const until = new Date(now + minutes * MINUTE_MS);
    const lockedUntil = row.locked_until && row.locked_until > until ? row.locked_until : until;
    // Only the failure that crosses the threshold locks and tells the administrators, even among many at once.
    const { count } = await this.prisma.db.loginFailure.updateMany({
      where: { account, OR: [{ accountLockedUntil: null }, { accountLockedUntil: { lte: new Date(now) } }] },
      data: { accountLockedUntil: until, lockedUntil, failures: 0 },
    });
    if (count) {
      const params = { account, failures: row.failures, ip, minutes };
      this.audit.recordError({ message: t('accountLockedNoticeContent', params, 'en'), method: 'POST', route: '/api/v1/login/user' });
      // the lock holds and is in the error log even if the notice cannot be sent
      await this.tellAdministrators('accountLockedNoticeTitle', 'accountLockedNoticeContent', params).catch((error: Error) =>
        this.audit.recordError({ message: `Account lock notice not sent: ${error.message}`, stack: error.stack }),
      );
    }
    return count ? minutes * MINUTE_MS : 0;
  }

  /** An alert (sent as an announcement by admin/notice, in both languages) to the staff who can lift the lock: super administrators and holders of staff:unlock or staff:resetPwd. */
  private async tellAdministrators(titleKey: MessageKey, contentKey: MessageKey, params: Record<string, string | number>) {
    const admins = await this.prisma.db.user.findMany({
      where: {
        deletedAt: null,
        enabled: true,
        OR: [{ isSuperAdmin: true }, { roles: { some: { role: { permissions: { some: { permissionCode: { in: ['staff:unlock', 'staff:resetPwd'] } } } } } } }],
      },
      select: { id: true },
    });
    if (!admins.length) return;
    await this.alerts.emit({ titleKey, contentKey, params, userIds: admins.map((a) => a.id) });
  }
}

/**
 * The rate-store keys of one (account, address) pair: its failures, how often it was locked, its lock.
 * An IPv6 address counts as its /64 network, as in the throttler: one host may hold the whole network.
 */
export function pairKeys(account: string, ip: string) {
  const pair = digest(`${normalizeIp(ip)}\n${account}`);
  return { failures: `pair:${pair}:failures`, locks: `pair:${pair}:locks`, lock: `pair:${pair}:lock` };
}

/** The rate-store keys of one device cookie (by its nonce): its failures, how often it was locked, its lock. */
function deviceKeys(nonce: string) {
  const device = digest(`device\n${nonce}`);
  return { failures: `device:${device}:failures`, locks: `device:${device}:locks`, lock: `device:${device}:lock` };
}

/** Keys of a bounded length whatever the account name sent. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32);
}

function locked(ms: number): AppError {
  return new AppError(HttpStatus.LOCKED, 'loginLocked', { minutes: Math.max(1, Math.ceil(ms / MINUTE_MS)) });
}

export function tooManyRequests(seconds: number): AppError {
  const wait = String(Math.max(1, Math.ceil(seconds)));
  return new AppError(HttpStatus.TOO_MANY_REQUESTS, 'tooManyRequests', { seconds: wait }, { 'Retry-After': wait });
}
