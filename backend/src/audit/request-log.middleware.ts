import type { NextFunction, Request, Response } from 'express';
import { langFromHeader, requestContext, type RequestContext } from '../common/request-context.js';
import type { AuditService } from './audit.service.js';

const SECRET_KEYS = /pass(word)?|pwd|param|token|secret|authorization/i;

/** A copy of request parameters fit for the log: secrets replaced, long values cut. */
export function redactParams(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth > 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactParams(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, SECRET_KEYS.test(key) ? '******' : redactParams(item, depth + 1)]),
  );
}

/**
 * Opens the request context (language, ip, later the user) and, when the response is finished, queues
 * the request for the audit log: the request itself never waits for the log.
 */
export function requestLogMiddleware(audit: AuditService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const ctx: RequestContext = { lang: langFromHeader(req.headers['accept-language']), ip: req.ip };
    res.on('finish', () => {
      if (!req.originalUrl.startsWith('/api/')) return;
      const body = req.body && typeof req.body === 'object' && Object.keys(req.body).length ? req.body : undefined;
      const query = Object.keys(req.query ?? {}).length ? req.query : undefined;
      audit.recordRequest({
        method: req.method,
        path: req.originalUrl.split('?')[0].slice(0, 500),
        userId: ctx.userId,
        ip: req.ip,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
        params: body || query ? redactParams({ query, body }) : undefined,
        userAgent: req.headers['user-agent']?.slice(0, 300),
      });
    });
    requestContext.run(ctx, next);
  };
}
