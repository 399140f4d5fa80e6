import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IDEMPOTENCY_PURGE_SCHEDULED, IdempotencyService, readIdempotencyPurgeScheduled } from './idempotency.service.js';

/** Idempotent creates: the Idempotency-Key header on the handlers marked @Idempotent(), and the daily purge of old keys. */
@Module({
  providers: [
    IdempotencyService,
    { provide: IDEMPOTENCY_PURGE_SCHEDULED, useFactory: () => readIdempotencyPurgeScheduled() },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
