import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@forwarder/domain';
import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';

export const IDEMPOTENT = 'idempotent';

/**
 * A create that honours the Idempotency-Key header (idempotency/idempotency.interceptor.ts): a retry under
 * the same key and body gets the first answer again instead of making a second record. Declared in the
 * contract; the routes marked so are those isIdempotentCreate (@forwarder/domain) names, which the web
 * client retries (test/idempotency.spec.ts holds the two together).
 */
export const Idempotent = () =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, true),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'A fresh key (a UUID) per submission, sent again when that submission is retried: the same key and body get the first ' +
        'answer again (Idempotent-Replayed: true), another body 422, while the first still runs 409. Kept 24 hours, per user.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    }),
  );
