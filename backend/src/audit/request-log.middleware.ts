import type { NextFunction, Request, Response } from 'express';
import { langFromHeader, requestContext, type RequestContext } from '../common/request-context.js';
import { isMonitoringPath } from '../config/app-config.js';
import type { AuditService } from './audit.service.js';

/**
 * Opens the request context (language, ip, the request id given by logging/http-logger.ts, later the
 * user) and, when the response is finished, queues the request for the audit log (which redacts and
 * bounds what it keeps): the request itself never waits for the log.
 */
export function requestLogMiddleware(audit: AuditService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const ctx: RequestContext = { lang: langFromHeader(req.headers['accept-language']), ip: req.ip, requestId: String(req.id) };
    res.on('finish', () => {
      const path = req.originalUrl.split('?')[0];
      // monitors poll every few seconds: a row each would bury the people's requests
      if (!path.startsWith('/api/') || isMonitoringPath(path)) return;
      const body = req.body && typeof req.body === 'object' && Object.keys(req.body).length ? req.body : undefined;
      const query = Object.keys(req.query ?? {}).length ? req.query : undefined;
      audit.recordRequest({
        method: req.method,
        path,
        userId: ctx.userId,
        ip: req.ip,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
        params: body || query ? { query, body } : undefined,
        userAgent: req.headers['user-agent'],
        requestId: ctx.requestId,
      });
    });
    requestContext.run(ctx, next);
  };
}
