import type { PortalPermission } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { PortalPrincipal } from '../common/access.decorators.js';
import { AppError } from '../common/app-error.js';
import { storedId } from '../common/stored-id.js';
import { PrismaService } from '../prisma/prisma.service.js';
import type { ClientInfo } from './auth.service.js';
import { TokenService } from './token.service.js';

/** A portal account's last visit is stamped at most this often (one write per minute of use, not per call). */
const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Customers' portal sessions (docs/portal.md): a principal of its own kind. A session is a row of
 * portal_session known by the SHA-256 of its token's `sid` (as staff sessions are); its token is
 * accepted on the portal's routes (@Customer) only, and a staff token is refused there.
 */
@Injectable()
export class PortalSessions {
  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokenService,
  ) {}

  /** Starts a session of a portal account: its token. */
  async start(account: { id: number; customerId: number }, client: ClientInfo): Promise<{ token: string; expiresIn: number }> {
    const sid = randomUUID();
    const issued = await this.tokens.issuePortal(account.id, account.customerId, sid);
    const now = new Date();
    await this.prisma.db.portalSession.create({
      data: {
        id: storedId(sid),
        accountId: account.id,
        ip: client.ip?.slice(0, 64),
        userAgent: client.userAgent?.slice(0, 300),
        createdAt: now,
        expiresAt: new Date(now.getTime() + issued.expiresIn * 1000),
      },
    });
    await this.prisma.db.portalAccount.update({ where: { id: account.id }, data: { lastSeenAt: now } });
    return issued;
  }

  /**
   * The portal principal of a token: 401 without one, with an invalid one or for a session that ended (or
   * an account unbound since); 403 for a staff token or when the account lacks `code`.
   */
  async authenticate(token: string | undefined, code: PortalPermission | null): Promise<PortalPrincipal> {
    if (!token) throw AppError.unauthorized();
    const verified = await this.tokens.verifyPortal(token);
    if (!verified.ok) {
      if ((await this.tokens.verifyAccess(token)).ok) throw AppError.forbidden();
      throw AppError.unauthorized();
    }
    const { sub: accountId, sid } = verified.claims;
    const sessionId = storedId(sid);
    const session = await this.prisma.db.portalSession.findUnique({ where: { id: sessionId }, include: { account: true } });
    if (!session || session.accountId !== accountId) throw AppError.unauthorized();
    if (session.endedAt || session.expiresAt.getTime() <= Date.now()) throw AppError.unauthorized('sessionEnded');
    const { account } = session;
    if (code && !account.permissionCodes.includes(code)) throw AppError.forbidden();
    if (!account.lastSeenAt || Date.now() - account.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      await this.prisma.db.portalAccount.updateMany({ where: { id: account.id }, data: { lastSeenAt: new Date() } });
    }
    return {
      accountId: account.id,
      customerId: account.customerId,
      wechatId: account.wechatId,
      sessionId,
      sid,
      name: account.name,
      account: account.account,
      lang: account.lang,
      permissionCodes: account.permissionCodes,
    };
  }

  /** Whether a token is a portal session's (signed by this installation): staff routes refuse it with 403. */
  async isPortalToken(token: string): Promise<boolean> {
    return (await this.tokens.verifyPortal(token)).ok;
  }

  /** Whether the session a hub token was issued for (its `sid`) still lives. */
  async live(accountId: number, sid: string): Promise<boolean> {
    const session = await this.prisma.db.portalSession.findUnique({
      where: { id: storedId(sid) },
      select: { accountId: true, endedAt: true, expiresAt: true },
    });
    return !!session && session.accountId === accountId && !session.endedAt && session.expiresAt.getTime() > Date.now();
  }

  /** Ends one session (sign-out). */
  async end(sessionId: string, reason: 'logout' | 'forced'): Promise<void> {
    await this.prisma.db.portalSession.updateMany({ where: { id: sessionId, endedAt: null }, data: { endedAt: new Date(), endReason: reason } });
  }

  /** Ends every live session of a portal account (强制下线 of one of its connections). */
  async endAll(accountId: number, reason: 'forced'): Promise<void> {
    await this.prisma.db.portalSession.updateMany({ where: { accountId, endedAt: null }, data: { endedAt: new Date(), endReason: reason } });
  }
}
