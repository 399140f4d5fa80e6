import { Global, Module } from '@nestjs/common';
import { IDEMPOTENCY_INTERCEPTOR } from '../common/idempotent.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IDEMPOTENCY_PURGE_SCHEDULED, IdempotencyService, readIdempotencyPurgeScheduled } from './idempotency.service.js';

/**
 * Idempotent creates: the Idempotency-Key header on the handlers marked @Idempotent(), and the daily purge of old keys.
 * Global: the interceptor @Idempotent binds to those handlers, in every area's module, hands their calls to this one.
 */
@Global()
@Module({
  providers: [
    IdempotencyService,
    { provide: IDEMPOTENCY_PURGE_SCHEDULED, useFactory: () => readIdempotencyPurgeScheduled() },
    { provide: IDEMPOTENCY_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
  exports: [IdempotencyService, IDEMPOTENCY_INTERCEPTOR],
})
export class IdempotencyModule {}
