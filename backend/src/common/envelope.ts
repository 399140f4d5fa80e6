import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
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
 * 200 as success; Nest would answer 201 to POST and PUT). Files pass through untouched.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((result: unknown) => {
        if (res.statusCode === 201 && !res.headersSent) res.status(200);
        if (result instanceof StreamableFile || res.headersSent) return result;
        if (result instanceof WithMessage) return envelope(result.data, result.message);
        return envelope(result ?? null);
      }),
    );
  }
}
