import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp, startTime } from 'pino-http';
import { MASK, redactText } from '../audit/redaction.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

type ServedRequest = IncomingMessage & { originalUrl?: string; ip?: string; principal?: { userId: number } };

/**
 * The path of a URL fit for a log line: no query string (a signed file link's signature, the hub's
 * access_token travel there), the segment after a secret path masked (the tracking page's token), and
 * name=value secrets masked as in the audit logs.
 */
export function loggedPath(url: string, secretPaths: readonly string[]): string {
  const path = url.split('?')[0];
  const secret = secretPaths.find((prefix) => path.startsWith(`${prefix}/`));
  return redactText(secret ? `${secret}/${MASK}` : path);
}

export interface RequestLoggingPaths {
  /** mounts whose next path segment is a secret */
  secret: readonly string[];
  /** whether a path (no query) is polled by machines (health probes, metrics scrapes): their successful answers are logged at debug */
  polled: (path: string) => boolean;
}

/**
 * Every request gets an id (requestIdOf), answered in X-Request-Id whatever serves it, and one log line
 * when its answer is finished: method, path, status, duration, the signed-in user, the id. Headers and
 * bodies are not logged at all (tokens, cookies, passwords); the audit request log keeps the redacted
 * parameters of API calls.
 */
export function requestLogging(logger: Logger, paths: RequestLoggingPaths): RequestHandler[] {
  const identify = (req: Request, res: Response, next: NextFunction) => {
    req.id = requestIdOf(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
    res.setHeader(REQUEST_ID_HEADER, req.id);
    next();
  };
  const pathOf = (req: ServedRequest) => loggedPath(req.originalUrl ?? req.url ?? '', paths.secret);
  const outcome = (req: ServedRequest, res: ServerResponse, durationMs: number) => ({ status: res.statusCode, durationMs, userId: req.principal?.userId });
  const log = pinoHttp<ServedRequest>({
    logger,
    genReqId: (req) => req.id,
    // the id as the line's own field (`requestId`), the request reduced to what is safe to keep
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    serializers: { req: (req: { raw: ServedRequest }) => ({ method: req.raw.method, path: pathOf(req.raw), ip: req.raw.ip }) },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return paths.polled((req.originalUrl ?? req.url ?? '').split('?')[0]) ? 'debug' : 'info';
    },
    customSuccessObject: (req, res, value: { responseTime: number }) => outcome(req, res, value.responseTime),
    // the exception itself is in the exception log and its own line (AuditService.recordError), with the same id
    customErrorObject: (req, res, _error, value: { responseTime: number }) => outcome(req, res, value.responseTime),
    customSuccessMessage: (req, res, ms) => `${req.method} ${pathOf(req)} ${res.statusCode} ${ms}ms`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode} ${Date.now() - res[startTime]}ms`,
  });
  return [identify, log];
}
