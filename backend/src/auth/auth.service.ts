import { isPublishedPassword } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { ClusterBus } from '../cluster/cluster-bus.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import type { Principal } from '../common/access.decorators.js';
import { t } from '../common/messages.js';
import { requestContext } from '../common/request-context.js';
import { storedId } from '../common/stored-id.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { CredentialsDto, type ModifyPasswordDto, type SessionView } from './auth.dto.js';
import { GrantsService } from './grants.service.js';
import { deviceCookieKey, issueDeviceCookie, validDeviceNonce } from './device-cookie.js';
import { LoginAttemptsService } from './login-attempts.service.js';
import { ServerKeysService } from './server-keys.service.js';
import { SessionEvents, type SessionEndReason } from './session-events.js';
import { TokenService, type TokenPair } from './token.service.js';

export const PASSWORD_ROUNDS = 10;
/** How long a session found live is trusted without reading it again (see AuthService.liveSessions). */
export const LIVE_SESSION_MS = 1_000;
/**
 * Compared against when the account does not exist, so a wrong account costs as long as a wrong password
 * (the staff's sign-in and the customer portal's). Made at the first sign-in, before the account is looked up
 * (so that one pays the same whatever the account), not when the module loads: a process that never signs
 * anyone in (a test suite's own copy of the module, a command) pays nothing.
 */
let dummyHash: string | undefined;
export const unknownAccountHash = async () => (dummyHash ??= await bcrypt.hash('not-a-password', PASSWORD_ROUNDS));

/**
 * A session is known in the server by the stored id of its token's sid (Principal.sessionId, the hub, the
 * session events), and its refresh token by the stored id of its jti; only the tokens carry the values.
 */
export { storedId };

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The request's Cookie header: the device cookies it carries (auth/device-cookie.ts). */
  cookies?: string;
}

/** Sign-in, sign-out, password change and token refresh: the life of a session. */
@Injectable()
export class AuthService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly keys: ServerKeysService,
    private readonly tokens: TokenService,
    private readonly grants: GrantsService,
    private readonly events: SessionEvents,
    private readonly attempts: LoginAttemptsService,
    private readonly settings: SettingsService,
    private readonly bus: ClusterBus,
  ) {
    bus.on('sessionEnded', ({ sessionId }) => {
      this.sessionGeneration++;
      this.liveSessions.delete(sessionId);
    });
  }

  /**
   * Sessions found live in the last LIVE_SESSION_MS, so that most calls need no session read. A session
   * ended in any process leaves at once (SessionEvents, then the ClusterBus); should the bus lose the
   * news, it is refused here at the latest LIVE_SESSION_MS later.
   */
  private readonly liveSessions = new Map<string, { userId: number; at: number }>();
  private sessionGeneration = 0;

  /** Session reads in flight: the calls of one session that arrive together share one read. */
  private readonly sessionReads = new Map<string, Promise<{ userId: number; endedAt: Date | null; endReason: string | null } | null>>();

  private readSession(sessionId: string) {
    let read = this.sessionReads.get(sessionId);
    if (!read) {
      read = this.prisma.db.authSession
        .findUnique({ where: { id: sessionId }, select: { userId: true, endedAt: true, endReason: true } })
        .finally(() => this.sessionReads.delete(sessionId));
      this.sessionReads.set(sessionId, read);
    }
    return read;
  }

  private rememberLive(sessionId: string, userId: number) {
    const now = Date.now();
    if (this.liveSessions.size >= 10_000) {
      for (const [id, seen] of this.liveSessions) if (now - seen.at > LIVE_SESSION_MS) this.liveSessions.delete(id);
    }
    this.liveSessions.set(sessionId, { userId, at: now });
  }

  /** Signs in; answers the session and the device cookie to hand the browser (a fresh one at each sign-in). */
  async login(param: string, client: ClientInfo): Promise<{ session: SessionView; deviceCookie: { name: string; value: string } }> {
    const plain = await this.keys.decryptLoginPayload(param);
    const parsed = plain === null ? null : safeJson(plain);
    if (!parsed) throw AppError.badRequest('loginBadPayload');
    const credentials = plainToInstance(CredentialsDto, parsed);
    const problems = await validate(credentials);
    if (problems.length) throw new FieldErrors(Object.fromEntries(problems.map((p) => [p.property, Object.values(p.constraints ?? {})])));

    const account = credentials.account.trim();
    const dummy = await unknownAccountHash();
    const user = await this.prisma.db.user.findFirst({ where: { account, deletedAt: null } });
    const deviceKey = deviceCookieKey(await this.keys.jwtSecret());
    // a browser that signed in to this account before is limited on its own (LoginAttemptsService)
    const device = user ? validDeviceNonce(deviceKey, client.cookies, account) : null;
    const attempt = { account, ip: client.ip ?? '', userId: user?.id ?? null, device };
    await this.attempts.admit(attempt);
    // outside demo mode a published password is refused before it is compared, so it tells nothing (and
    // counts as a failure, like any other guess)
    if (isPublishedPassword(credentials.password) && (await this.settings.installMode()) !== 'demo') {
      const counted = await this.attempts.fail(attempt);
      throw counted.key === 'loginFailed' ? AppError.badRequest('publishedPasswordRefused') : counted;
    }
    const matches = await bcrypt.compare(credentials.password, user?.passwordHash ?? dummy);
    if (!user || !matches) throw await this.attempts.fail(attempt);
    if (!user.enabled) throw AppError.badRequest('accountDisabled');
    await this.attempts.succeed(attempt);

    // One live session per account: signing in here ends the sessions signed in elsewhere.
    await this.endSessions(user.id, user.fullName, 'replaced');
    const sessionId = randomUUID();
    const pair = await this.tokens.issue(user.id, sessionId);
    await this.prisma.db.authSession.create({
      data: {
        id: storedId(sessionId),
        userId: user.id,
        refreshJti: storedId(pair.refreshJti),
        refreshExpiresAt: pair.refreshExpiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300),
      },
    });
    const session = {
      token: pair.token,
      refreshToken: pair.refreshToken,
      userid: user.id,
      username: user.fullName,
      account: user.account,
      peerLabel: user.peerLabel,
      directLabel: user.directLabel,
      mustChangePassword: user.mustChangePassword,
    };
    return { session, deviceCookie: issueDeviceCookie(deviceKey, account) };
  }

  async logout(principal: Principal) {
    await this.endSession(principal.sessionId, principal.userId, principal.fullName, 'logout');
  }

  async modifyPassword(principal: Principal, dto: ModifyPasswordDto) {
    const user = await this.prisma.db.user.findUniqueOrThrow({ where: { id: principal.userId } });
    if (!(await bcrypt.compare(dto.oldPassword, user.passwordHash))) throw new FieldErrors({ oldPassword: [t('oldPasswordWrong')] });
    if (dto.oldPassword === dto.newPassword) throw new FieldErrors({ newPassword: [t('newPasswordSame')] });
    await this.refusePublished(dto.newPassword, 'newPassword');
    await this.prisma.db.user.update({
      where: { id: user.id },
      data: {
        passwordHash: await bcrypt.hash(dto.newPassword, PASSWORD_ROUNDS),
        passwordChangedAt: new Date(),
        mustChangePassword: false,
        ver: { increment: 1 },
      },
    });
    this.grants.invalidate(user.id);
    // Every session signed in with the old password ends, this one included.
    await this.endSessions(user.id, user.fullName, 'password');
  }

  /** Outside demo mode a published password cannot be set (a 400 on `field`). */
  async refusePublished(password: string, field: string) {
    if (isPublishedPassword(password) && (await this.settings.installMode()) !== 'demo') throw new FieldErrors({ [field]: [t('publishedPasswordNotAllowed')] });
  }

  /**
   * Checks an access token and the session behind it. When the access token has expired and a refresh
   * token came with it, rotates the pair: the refresh token is spent, and the new pair is returned.
   */
  async authenticate(accessToken: string | undefined, refreshToken: string | undefined): Promise<{ principal: Principal; renewed?: TokenPair }> {
    if (!accessToken) throw AppError.unauthorized();
    const access = await this.tokens.verifyAccess(accessToken);
    if (access.ok) return { principal: await this.principalOf(access.claims.sub, access.claims.sid) };
    if (!refreshToken) throw AppError.unauthorized();
    // an unreadable (not merely expired) access token sent with a refresh token: tell the client to clear both
    if (!access.expired) throw invalidTokens();
    await this.attempts.admitRefresh(requestContext.get()?.ip ?? '');
    return this.refresh(refreshToken);
  }

  /**
   * Whether the tokens a request carries belong to a live session (an expired access token counts with a
   * valid refresh token, which the guard will renew): asked before a large body is parsed
   * (common/body-parsers.ts). Renews nothing and throws nothing.
   */
  async isSignedIn(accessToken: string | undefined, refreshToken: string | undefined): Promise<boolean> {
    if (!accessToken) return false;
    const access = await this.tokens.verifyAccess(accessToken);
    if (access.ok)
      return this.principalOf(access.claims.sub, access.claims.sid).then(
        () => true,
        () => false,
      );
    return access.expired && !!refreshToken && (await this.tokens.verifyRefresh(refreshToken)).ok;
  }

  /**
   * The principal of a live session, from a token's `sid`; 401 when the session has ended or the user may
   * no longer sign in. Its sessionId is the stored id (storedId), not the token's value.
   */
  async principalOf(userId: number, sid: string): Promise<Principal> {
    const sessionId = storedId(sid);
    const seen = this.liveSessions.get(sessionId);
    if (!seen || seen.userId !== userId || Date.now() - seen.at > LIVE_SESSION_MS) {
      const generation = this.sessionGeneration;
      const session = await this.readSession(sessionId);
      if (!session || session.userId !== userId) throw AppError.unauthorized();
      if (session.endedAt) throw AppError.unauthorized(session.endReason === 'replaced' ? 'sessionReplaced' : 'sessionEnded');
      // not remembered when a session ended while this one was read: the read may predate that end
      if (generation === this.sessionGeneration) this.rememberLive(sessionId, userId);
    }
    const grants = await this.grants.forUser(userId);
    if (!grants || !grants.enabled) throw AppError.unauthorized('sessionEnded');
    const { enabled: _, ...principal } = grants;
    return { ...principal, sessionId };
  }

  private async refresh(refreshToken: string): Promise<{ principal: Principal; renewed: TokenPair }> {
    const invalid = invalidTokens;
    const refresh = await this.tokens.verifyRefresh(refreshToken);
    if (!refresh.ok) throw invalid();
    const { sub: userId, sid, jti } = refresh.claims;
    const sessionId = storedId(sid);
    const spent = storedId(jti);
    const renewed = await this.tokens.issue(userId, sid);
    // Rotation is a compare-and-set on the session's current refresh id: of two requests racing with the
    // same refresh token only one wins; a token already spent is refused and ends the session.
    const { count } = await this.prisma.db.authSession.updateMany({
      where: { id: sessionId, userId, refreshJti: spent, endedAt: null, refreshExpiresAt: { gt: new Date() } },
      data: { refreshJti: storedId(renewed.refreshJti), refreshExpiresAt: renewed.refreshExpiresAt, lastSeenAt: new Date() },
    });
    if (count === 0) {
      const session = await this.prisma.db.authSession.findUnique({ where: { id: sessionId } });
      if (session && !session.endedAt && session.refreshJti !== spent) {
        const user = await this.grants.forUser(userId);
        await this.endSession(sessionId, userId, user?.fullName ?? '', 'reuse');
      }
      throw invalid();
    }
    try {
      return { principal: await this.principalOf(userId, sid), renewed };
    } catch {
      throw invalid();
    }
  }

  /** Ends every live session of a user (sign-in elsewhere, password change, disabling the account). */
  async endSessions(userId: number, userName: string, reason: SessionEndReason) {
    const live = await this.prisma.db.authSession.findMany({ where: { userId, endedAt: null }, select: { id: true } });
    for (const { id } of live) await this.endSession(id, userId, userName, reason);
  }

  private async endSession(sessionId: string, userId: number, userName: string, reason: SessionEndReason) {
    const { count } = await this.prisma.db.authSession.updateMany({
      where: { id: sessionId, endedAt: null },
      data: { endedAt: new Date(), endReason: reason },
    });
    if (!count) return;
    this.events.emitEnded({ sessionId, userId, userName, reason });
    // forgotten by every process (ClusterBus), this one first; the answer that ended it leaves once the
    // others have been sent the news, so that no process takes the session for live after it
    await this.bus.broadcast('sessionEnded', { sessionId });
  }
}

function safeJson(text: string): unknown {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** 401 with `access-token: invalid_token`: the web client clears its stored tokens (seed 1, client behaviour). */
function invalidTokens(): AppError {
  return AppError.unauthorized('invalidRefreshToken', { 'access-token': 'invalid_token' });
}
