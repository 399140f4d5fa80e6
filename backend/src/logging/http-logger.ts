import { REQUEST_ID_HEADER } from '@forwarder/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { MASK, redactText } from '../common/redaction.js';
import { requestIdOf } from '../common/request-id.js';
import { urlPath } from '../common/url-path.js';

type ServedRequest = IncomingMessage & { originalUrl?: string; ip?: string; principal?: { userId: number } };

const REQUEST_ID_HEADER_LOWER = REQUEST_ID_HEADER.toLowerCase();

/**
 * The path of a URL fit for a log line: no query string (a signed file link's signature, the hub's
 * access_token travel there), the segment after a secret path masked (the tracking page's token), and
 * name=value secrets masked as in the audit logs.
 */
export function loggedPath(url: string, secretPaths: readonly string[]): string {
  const path = urlPath(url);
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
 *
 * The line is made only when its level is logged (a health probe's success is a debug line): nothing is
 * prepared per request beforehand (pino-http made two child loggers per request, serialising the request
 * into each, whether the line was written or not).
 */
export function requestLogging(logger: Logger, paths: RequestLoggingPaths): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req.headers[REQUEST_ID_HEADER_LOWER]);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const started = Date.now();
    // 'close' comes once per response, after 'finish' or when the connection dropped before the answer was sent
    const finished = () => {
      const failed = res.statusCode >= 500;
      const url = req.originalUrl ?? req.url ?? '';
      const level = failed ? 'error' : res.statusCode >= 400 ? 'warn' : paths.polled(urlPath(url)) ? 'debug' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const durationMs = Date.now() - started;
      const path = loggedPath(url, paths.secret);
      const principal = (req as ServedRequest).principal;
      // a failure's exception is in the exception log and its own line (AuditService.recordError), with the same id
      logger[level](
        { requestId: id, req: { method: req.method, path, ip: req.ip }, status: res.statusCode, durationMs, userId: principal?.userId },
        `${req.method} ${path} ${res.statusCode} ${durationMs}ms`,
      );
    };
    res.on('close', finished);
    next();
  };
}
