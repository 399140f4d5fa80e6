import { Injectable, Module, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { ACCESS_RULE, type AccessRule } from '../common/access.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SettingsService } from '../settings/settings.service.js';
import { tooManyRequests } from './login-attempts.service.js';
import { MemoryRateStore, RATE_STORE, RedisRateStore } from './rate-store.js';

const SIGN_IN_ROUTE = 'fwd:sign-in-route';

/** Marks the sign-in route: its per-address limit is security.signinPerIpPerMinute, not the public routes' one. */
export const SignInRoute = () => SetMetadata(SIGN_IN_ROUTE, true);

/**
 * Limits the calls of every @Public route per client address (req.ip, which follows `trust proxy`),
 * before the route does any work (the sign-in's RSA decryption included). Signed-in routes are not
 * limited here. An address over the limit waits a minute: 429 in the envelope, with Retry-After.
 */
@Injectable()
export class PublicRoutesThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    return rule?.kind !== 'public';
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw tooManyRequests(detail.timeToBlockExpire);
  }
}

const MINUTE_MS = 60_000;

@Module({
  providers: [
    {
      provide: RATE_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.redisUrl ? new RedisRateStore(config.redisUrl, config.rateRedisPrefix) : new MemoryRateStore()),
    },
  ],
  exports: [RATE_STORE],
})
class RateStoreModule {}

/** The rate store (Redis or memory) and the per-address limit of the public routes. */
@Module({
  imports: [
    RateStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [RateStoreModule],
      inject: [RATE_STORE, SettingsService],
      useFactory: (storage: MemoryRateStore | RedisRateStore, settings: SettingsService) => {
        const reflector = new Reflector();
        const isSignIn = (context: ExecutionContext) => reflector.get<boolean | undefined>(SIGN_IN_ROUTE, context.getHandler()) === true;
        return {
          storage,
          throttlers: [
            {
              ttl: MINUTE_MS,
              blockDuration: MINUTE_MS,
              limit: (context: ExecutionContext) => settings.get(isSignIn(context) ? 'security.signinPerIpPerMinute' : 'security.publicPerIpPerMinute'),
              // one count per address for all public routes besides sign-in, not one per route
              generateKey: (context: ExecutionContext, address: string) => `${isSignIn(context) ? 'sign-in' : 'public'}:${address}`,
            },
          ],
        };
      },
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: PublicRoutesThrottlerGuard }],
  exports: [RateStoreModule],
})
export class RateLimitModule {}
