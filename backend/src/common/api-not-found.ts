import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ErrorEnvelope } from './envelope.js';
import { t } from './messages.js';
import { urlPath } from './url-path.js';

/**
 * Mounted at /api after the routes outside the API (health, metrics, docs): any other path under /api that
 * is not /api/v1 (the API's own router, whose unknown paths the exception filter answers) is a 404 in the
 * envelope with the filter's own message, as an API client expects, never Express's HTML page. Any method, any case (Express matches
 * paths without case, so /API/V1 is the API too).
 */
export function apiNotFound(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (/^\/v1(\/|$)/i.test(req.path)) return next();
    const body: ErrorEnvelope = {
      success: false,
      code: 404,
      message: t('routeNotFound', { path: urlPath(req.originalUrl) }),
      data: null,
      requestId: String(req.id),
    };
    res.status(404).json(body);
  };
}
