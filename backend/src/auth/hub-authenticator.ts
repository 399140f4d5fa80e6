import { Injectable } from '@nestjs/common';
import type { HubAuthenticator, HubPrincipal } from '../hub/hub.types.js';
import { AuthService } from './auth.service.js';
import { TokenService } from './token.service.js';

/** Lets the hub accept a connection only with a valid access token of a live session. */
@Injectable()
export class TokenHubAuthenticator implements HubAuthenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly auth: AuthService,
  ) {}

  async authenticate(accessToken: string): Promise<HubPrincipal | null> {
    const access = await this.tokens.verifyAccess(accessToken);
    if (!access.ok) return null;
    try {
      const principal = await this.auth.principalOf(access.claims.sub, access.claims.sid);
      return { userId: principal.userId, sessionId: principal.sessionId, account: principal.account, fullName: principal.fullName };
    } catch {
      return null;
    }
  }
}
