import { Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error.js';
import type { HubAuthenticator, HubPrincipal } from '../hub/hub.types.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { AuthService } from './auth.service.js';
import { PortalSessions } from './portal-sessions.js';
import { TokenService } from './token.service.js';

/**
 * Lets the hub accept a connection only with a valid access token of a live session whose password needs no
 * change first, or with the token
 * the mini-program's gateway obtained for a customer's account that is still bound
 * (`POST customers/wechat/token`) or that a customer's portal session asked for (`GET portal/hub/token`).
 */
@Injectable()
export class TokenHubAuthenticator implements HubAuthenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly auth: AuthService,
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly portal: PortalSessions,
  ) {}

  async authenticate(accessToken: string): Promise<HubPrincipal | null> {
    const access = await this.tokens.verifyAccess(accessToken);
    if (!access.ok) return this.customer(accessToken);
    try {
      const principal = await this.auth.principalOf(access.claims.sub, access.claims.sid);
      // a password someone else set is changed before anything else (access.guard.ts): the hub's methods too
      if (principal.mustChangePassword) return null;
      return { userId: principal.userId, sessionId: principal.sessionId, account: principal.account, fullName: principal.fullName };
    } catch (error) {
      // a session that ended is refused; a database that cannot be asked is the hub's 503, not a sign-out
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** The system parameter hub.maxConnectionsPerUser. */
  connectionsPerUser(): Promise<number> {
    return this.settings.get('hub.maxConnectionsPerUser');
  }

  private async customer(token: string): Promise<HubPrincipal | null> {
    const wechat = await this.tokens.verifyWechat(token);
    if (!wechat.ok) return null;
    const { sub: wechatId, cid: customerId, sid } = wechat.claims;
    const account = await this.prisma.db.customerWechat.findFirst({
      where: { id: wechatId, customerId },
      select: { openId: true, nickname: true, portal: { select: { id: true } } },
    });
    if (!account) return null;
    // a portal account's hub token holds only while the portal session it was asked by lives (sign-out, 强制下线)
    if (account.portal && !(await this.portal.live(account.portal.id, sid))) return null;
    await this.prisma.db.customerWechat.update({ where: { id: wechatId }, data: { lastSeenAt: new Date() } });
    return { userId: 0, sessionId: `wechat:${sid}`, account: account.openId, fullName: account.nickname ?? account.openId, customer: { customerId, wechatId } };
  }
}
