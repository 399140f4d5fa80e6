import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAYED_HEADER } from '@forwarder/domain';
import { HttpStatus, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { from, mergeMap, of, type Observable } from 'rxjs';
import { AuditService } from '../audit/audit.service.js';
import type { PortalPrincipal, Principal } from '../common/access.decorators.js';
import { AppError } from '../common/app-error.js';
import { runHoldingClaim, type IdempotencyClaim } from '../prisma/idempotency-claim.js';
import { HEARTBEAT_MS, IdempotencyService } from './idempotency.service.js';

/** A key as the draft's sf-string allows it: printable ASCII, here 1 to IDEMPOTENCY_KEY_MAX_LENGTH characters. */
const KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

function keyOf(header: string | string[]): string {
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (!KEY_PATTERN.test(key) || !key.trim()) throw new AppError(HttpStatus.BAD_REQUEST, 'idempotencyKeyInvalid', { max: IDEMPOTENCY_KEY_MAX_LENGTH });
  return key;
}

/**
 * What makes two requests under one key the same request: method, path with query, and the parsed body.
 * A multipart upload's parts are read by its handler, after this, so an upload is compared by method and
 * path alone (a key names one upload: the client makes a new key per file chosen).
 */
function fingerprintOf(req: Request): string {
  const body = req.is('multipart/*') ? '' : JSON.stringify(req.body ?? null);
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${body}`).digest('hex');
}

/**
 * The Idempotency-Key header on the creates marked @Idempotent() (common/idempotent.ts, which binds this
 * interceptor to them), for a signed-in user; without the header, or anonymous, a request runs as before. The
 * first request under a key runs holding it (its transactions mark the key committed as they commit) and its
 * JSON answer is stored before it is sent; a retry with the same body gets that answer again, with
 * Idempotent-Replayed: true.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly keys: IdempotencyService,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request & { principal?: Principal; portal?: PortalPrincipal }>();
    const header = req.headers['idempotency-key'];
    // a customer's portal session keeps its keys apart from every staff member's (negative: no user has that id)
    const userId = req.principal?.userId ?? (req.portal ? -req.portal.accountId : undefined);
    if (header === undefined || userId === undefined) return next.handle();
    const key = keyOf(header);
    const res = context.switchToHttp().getResponse<Response>();
    return from(this.keys.claim(userId, key, fingerprintOf(req))).pipe(
      mergeMap((claimed) => {
        if (claimed.kind === 'replay') {
          // answered here: the envelope and the router leave an answer already sent as it is
          res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
          res.status(claimed.status).type('application/json').send(claimed.answer);
          return of(undefined);
        }
        this.storeAnswer(res, claimed.claim);
        // the handler runs (and is bound to its async context) from handle(): inside the claim
        return runHoldingClaim(claimed.claim, () => next.handle());
      }),
    );
  }

  /**
   * Stores the answer on the key before it is sent, whether it comes from the handler (the envelope) or
   * from the exception filter: a client that has the answer finds it again on a retry. The text stored is
   * the text sent, so a replay is the same bytes. A client gone meanwhile changes nothing (the handler
   * still answers into the closed connection, and that is stored).
   */
  private storeAnswer(res: Response, claim: IdempotencyClaim): void {
    const send = res.json.bind(res);
    let settled = false;
    // the key stays this request's while it runs, however long (IdempotencyService.STALE_MS)
    const beat = setInterval(() => void this.keys.touch(claim).catch(() => {}), HEARTBEAT_MS);
    beat.unref();
    res.once('close', () => clearInterval(beat));
    const settle = (status: number, answer: string | undefined) => {
      settled = true;
      clearInterval(beat);
      return this.keys
        .settle(claim, status, answer)
        .catch((error: Error) => this.audit.recordError({ message: `idempotency key not settled: ${error.message}`, stack: error.stack }));
    };
    res.json = (body: unknown) => {
      res.json = send;
      const text = JSON.stringify(body) as string | undefined;
      if (settled || text === undefined) return send(body);
      // as res.json would send it
      if (!res.get('Content-Type')) res.type('application/json');
      void settle(res.statusCode, text).finally(() => res.send(text));
      return res;
    };
    // an answer that was no JSON: nothing to replay
    res.once('finish', () => {
      if (!settled) void settle(res.statusCode, undefined);
    });
  }
}
