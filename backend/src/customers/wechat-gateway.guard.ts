import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../common/app-error.js';

/** The secret the mini-program's gateway sends in X-Wechat-Gateway-Secret (env WECHAT_GATEWAY_SECRET); undefined refuses every call. */
export const WECHAT_GATEWAY_SECRET = Symbol('WECHAT_GATEWAY_SECRET');

export function readGatewaySecret(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.WECHAT_GATEWAY_SECRET || undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Lets through only calls carrying the gateway's shared secret: the check of the public binding call,
 * made before its body is even validated. Compared in constant time.
 */
@Injectable()
export class WechatGatewayGuard implements CanActivate {
  constructor(@Inject(WECHAT_GATEWAY_SECRET) private readonly secret: string | undefined) {}

  canActivate(context: ExecutionContext): boolean {
    const sent = context.switchToHttp().getRequest<Request>().headers['x-wechat-gateway-secret'];
    if (!this.secret || typeof sent !== 'string' || !timingSafeEqual(digest(sent), digest(this.secret))) {
      throw AppError.unauthorized('wechatGatewayRefused');
    }
    return true;
  }
}
