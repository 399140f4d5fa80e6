import type { NextFunction, Request, Response } from 'express';
import { databaseUnavailableAnswer } from '../common/database-unavailable.js';
import { langFromHeader, requestContext, type Lang, type RequestContext } from '../common/request-context.js';
import { urlPath } from '../common/url-path.js';
import { isMonitoringPath } from '../config/app-config.js';
import { refusedForContent } from './audit-writer.js';
import type { AuditService, RequestRecord } from './audit.service.js';

/**
 * The context of a request served over HTTP. The client's address is read from the request when first asked
 * and kept: Express works it out from the socket and the trusted proxies' X-Forwarded-For on every read of
 * `req.ip`, and most requests (a probe, a read) never ask for it before their log row.
 */
class ServedRequestContext implements RequestContext {
  userId?: number;
  sessionId?: string;
  wrote?: boolean;
  private address: string | undefined | null = null;

  constructor(
    private readonly req: Request,
    readonly lang: Lang,
    readonly requestId: string,
  ) {}

  get ip(): string | undefined {
    if (this.address === null) this.address = this.req.ip;
    return this.address;
  }
}

/**
 * Opens the request context (language, ip, the request id given by logging/http-logger.ts, later the
 * user) and logs the request for the audit log (which redacts and bounds what it keeps).
 *
 * A request that wrote to the database (`wrote`, set by the change log) has its row written before its
 * answer leaves, so a write answered "ok" always has its record, even if the process is killed the next
 * moment; should the row not be written (the database gone since), a successful answer not yet sent
 * becomes 503: the write may have been made, and the client's retry (with its Idempotency-Key) finds out.
 * Every other request is queued for the log when its answer has left: it never waits for the log.
 */
export function requestLogMiddleware(audit: AuditService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const ctx = new ServedRequestContext(req, langFromHeader(req.headers['accept-language']), String(req.id));
    const path = urlPath(req.originalUrl);
    // monitors poll every few seconds: a row each would bury the people's requests
    if (!path.startsWith('/api/') || isMonitoringPath(path)) return requestContext.run(ctx, next);
    const started = process.hrtime.bigint();
    const record = (): RequestRecord => {
      const body = req.body && typeof req.body === 'object' && Object.keys(req.body).length ? req.body : undefined;
      const query = Object.keys(req.query ?? {}).length ? req.query : undefined;
      return {
        method: req.method,
        path,
        userId: ctx.userId,
        ip: ctx.ip,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
        params: body || query ? { query, body } : undefined,
        userAgent: req.headers['user-agent'],
        requestId: ctx.requestId,
      };
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let ending = false;
    res.end = ((...args: unknown[]) => {
      if (!ctx.wrote || ending) return end(...args);
      ending = true;
      const written = record();
      audit.writeRequest(written).then(
        () => end(...args),
        (error: unknown) => {
          if (refusedForContent(error) || res.headersSent || res.statusCode >= 400) {
            audit.recordRequest(written);
            return end(...args);
          }
          const answer = databaseUnavailableAnswer(ctx.lang);
          audit.recordRequest({ ...written, status: answer.status });
          res.status(answer.status).set(answer.headers).removeHeader('Content-Length');
          end(JSON.stringify({ success: false, code: answer.status, message: answer.message, data: null, requestId: ctx.requestId }));
        },
      );
      return res;
    }) as Response['end'];
    res.on('finish', () => {
      if (!ctx.wrote) audit.recordRequest(record());
    });
    requestContext.run(ctx, next);
  };
}
