import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppError } from '../common/app-error.js';
import {
  ACCESS_RULE,
  accessFor,
  BEFORE_PASSWORD_CHANGE,
  holdsAny,
  type DeclaredAccess,
  type PortalPrincipal,
  type Principal,
} from '../common/access.decorators.js';
import { chosenValues, NotThisRoute } from '../common/params.js';
import { requestContext } from '../common/request-context.js';
import { AuthService } from './auth.service.js';
import { PortalSessions } from './portal-sessions.js';

export function bearer(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(.+)$/i);
  return match?.[1].trim() || undefined;
}

/**
 * The one guard of the API. Reads the handler's access rule (@Public, @SignedIn, @Perm or @PermOf), signs
 * the caller in from the bearer token (rotating tokens when the access token has expired and a refresh
 * token came in X-Authorization), and checks the permission codes. A handler without a rule is refused.
 * A user whose password someone else set gets 403 `passwordChangeRequired` on every route not marked
 * @BeforePasswordChange. First of all, a path whose choice parameter (@ChoiceParam) names no listed value is not this handler's:
 * the router tries the next routes (and answers 404 as for any unknown path), whoever asks.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly portal: PortalSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<DeclaredAccess | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    const req = context.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const chosen = chosenValues(context.getHandler(), req.params);
    if (!chosen) throw new NotThisRoute();
    if (rule?.kind === 'public') return true;
    const token = bearer(req.headers.authorization);
    if (rule?.kind === 'customer') {
      // a customer's portal route: only a portal session passes (a staff token is 403 here)
      (req as Request & { portal?: PortalPrincipal }).portal = await this.portal.authenticate(token, rule.code);
      return true;
    }
    const res = context.switchToHttp().getResponse<Response>();
    const { principal, renewed } = await this.auth.authenticate(token, bearer(req.headers['x-authorization'])).catch(async (error: unknown) => {
      // a customer's portal token is no staff member's: refused (403), not told to sign in again
      if (token && error instanceof AppError && error.status === 401 && (await this.portal.isPortalToken(token))) throw AppError.forbidden();
      throw error;
    });
    if (renewed) {
      res.setHeader('access-token', renewed.token);
      res.setHeader('x-access-token', renewed.refreshToken);
    }
    req.principal = principal;
    const ctx = requestContext.get();
    if (ctx) Object.assign(ctx, { userId: principal.userId, sessionId: principal.sessionId });
    if (!rule) throw AppError.forbidden();
    // the flag comes with the grants already read; the route's mark is looked up only for such a user
    if (principal.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(BEFORE_PASSWORD_CHANGE, [context.getHandler(), context.getClass()])) {
      throw AppError.passwordChangeRequired();
    }
    const access = accessFor(rule, chosen);
    if (access.kind === 'customer') throw AppError.forbidden();
    if (access.kind === 'signedIn' || (access.kind === 'permission' && holdsAny(principal, access.codes))) return true;
    throw AppError.forbidden();
  }
}
