import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { t } from './messages.js';

/** The answer of every API call: `{ success, code, message, data }`. */
export interface Envelope<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  data: T;
}

/** The answer of a failed call, with the id of the request (also in X-Request-Id) that a user can quote to find it in the logs. */
export interface ErrorEnvelope extends Envelope<null> {
  success: false;
  requestId: string;
}

export function envelope<T>(data: T, message = t('ok')): Envelope<T> {
  return { success: true, code: 200, message, data };
}

/** A handler may return this to choose its own success message. */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/**
 * Wraps handler results in the envelope and answers 200 for every success (the original clients treat
 * 200 as success; Nest would answer 201 to POST and PUT). Files pass through untouched, as does an answer
 * already sent (an idempotent create's replay).
 *
 * Done where Nest hands a handler's result to Express (the adapter's `reply`), not by a global interceptor:
 * a route with any interceptor makes Nest build an rxjs chain per call (a ReplaySubject, the client's
 * disconnect watched, the interceptors each deferred), which a route without one skips (docs/performance.md,
 * "No interceptor on the common path"). The interceptors left (TransferInterceptor,
 * IdempotencyInterceptor) are bound only to the routes marked for them.
 */
export class EnvelopeAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (response.headersSent) return super.reply(response, body, statusCode);
    if (response.statusCode === 201) response.status(200);
    const answer = body instanceof StreamableFile ? body : body instanceof WithMessage ? envelope(body.data, body.message) : envelope(body ?? null);
    return super.reply(response, answer, statusCode);
  }
}
