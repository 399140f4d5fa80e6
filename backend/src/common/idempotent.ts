import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@forwarder/domain';
import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { routeInterceptor } from './route-interceptor.js';

export const IDEMPOTENT = 'idempotent';

/** What keeps a marked create's keys: idempotency/idempotency.interceptor.ts, provided by IdempotencyModule. */
export const IDEMPOTENCY_INTERCEPTOR = Symbol('IdempotencyInterceptor');

/** The interceptor @Idempotent binds to its route, handing each call to IDEMPOTENCY_INTERCEPTOR. */
export const IdempotentRoute = routeInterceptor('IdempotentRoute', IDEMPOTENCY_INTERCEPTOR);

/**
 * A create that honours the Idempotency-Key header (idempotency/idempotency.interceptor.ts): a retry under
 * the same key and body gets the first answer again instead of making a second record. Declared in the
 * contract; the routes marked so are those isIdempotentCreate (@forwarder/domain) names, which the web
 * client retries (test/idempotency.spec.ts holds the two together).
 */
export const Idempotent = () =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, true),
    UseInterceptors(IdempotentRoute),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'A fresh key (a UUID) per submission, sent again when that submission is retried: the same key and body get the first ' +
        'answer again (Idempotent-Replayed: true), another body 422, while the first still runs 409. Kept 24 hours, per user.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    }),
  );
