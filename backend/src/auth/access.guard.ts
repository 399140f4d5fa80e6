import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppError } from '../common/app-error.js';
import { ACCESS_RULE, holdsAny, type AccessRule, type Principal } from '../common/access.decorators.js';
import { requestContext } from '../common/request-context.js';
import { AuthService } from './auth.service.js';

export function bearer(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(.+)$/i);
  return match?.[1].trim() || undefined;
}

/**
 * The one guard of the API. Reads the handler's access rule (@Public, @SignedIn or @Perm), signs the
 * caller in from the bearer token (rotating tokens when the access token has expired and a refresh
 * token came in X-Authorization), and checks the permission codes. A handler without a rule is refused.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (rule?.kind === 'public') return true;
    const req = context.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const res = context.switchToHttp().getResponse<Response>();
    const { principal, renewed } = await this.auth.authenticate(bearer(req.headers.authorization), bearer(req.headers['x-authorization']));
    if (renewed) {
      res.setHeader('access-token', renewed.token);
      res.setHeader('x-access-token', renewed.refreshToken);
    }
    req.principal = principal;
    const ctx = requestContext.get();
    if (ctx) Object.assign(ctx, { userId: principal.userId, sessionId: principal.sessionId });
    if (!rule) throw AppError.forbidden();
    if (rule.kind === 'signedIn' || holdsAny(principal, rule.codes)) return true;
    throw AppError.forbidden();
  }
}
