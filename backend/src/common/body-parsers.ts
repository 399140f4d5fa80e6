import { HttpStatus } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { AppError } from './app-error.js';

/** Most fields a form body may carry (body-parser's own default). */
const FORM_MAX_FIELDS = 1000;

/**
 * Whether a parsed value nests objects and arrays deeper than `max` levels (`{}` is one level). Walked
 * with a stack of its own: a hostile body cannot overflow the call stack here, nor reach the validation
 * and the services that recurse into it.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return false;
}

/** body-parser's refusals (http-errors with a `type`) as errors with a message the user can act on. */
function refusalOf(error: { status?: number; type?: string }, limitBytes: number, maxDepth: number): unknown {
  switch (error.type) {
    case 'entity.too.large':
      return tooLarge(limitBytes);
    case 'parameters.too.many':
      return new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'bodyTooManyFields', { max: FORM_MAX_FIELDS });
    case 'querystring.parse.rangeError':
      return new AppError(HttpStatus.BAD_REQUEST, 'bodyTooDeep', { depth: maxDepth });
    case 'entity.parse.failed':
      return AppError.badRequest('bodyMalformed');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new AppError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'bodyEncodingUnsupported');
  }
  const status = error.status ?? 500;
  return status >= 400 && status < 500 ? new AppError(status, 'bodyUnreadable') : error;
}

const tooLarge = (limitBytes: number) => new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'bodyTooLarge', { kb: Math.floor(limitBytes / 1024) });

/** The JSON and form parsers bounded to `limitBytes`, each refusal turned into an AppError. */
function boundedParsers(limitBytes: number, maxDepth: number): RequestHandler[] {
  // `depth` is a body-parser 2 option its type declarations do not know yet
  const formOptions = { extended: true, limit: limitBytes, depth: maxDepth, parameterLimit: FORM_MAX_FIELDS };
  const parsers = [express.json({ limit: limitBytes }), express.urlencoded(formOptions)];
  return parsers.map((parse) => (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => next(error ? refusalOf(error, limitBytes, maxDepth) : undefined));
  });
}

/** Runs `handlers` one after the other as one middleware, stopping at the first that passes an error on. */
function inTurn(handlers: RequestHandler[]): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const run = (i: number, error?: unknown): void => {
      if (error || i === handlers.length) return next(error);
      void handlers[i](req, res, (failure?: unknown) => run(i + 1, failure));
    };
    run(0);
  };
}

/** Whether a request comes from someone signed in (a live session's token), told without parsing its body. */
export type SignedInCheck = (req: Request) => Promise<boolean>;

/**
 * The JSON and form parsers of the API (in place of Nest's own): bounded in size and in nesting depth,
 * every refusal a 4xx in the envelope with a message, never a parser's English text or a 500.
 *
 * A body over `anonymousBodyLimitBytes` is parsed only for a caller `signedIn` recognises: the routes open
 * without sign-in (sign-in, tracking, the gateway) take small bodies, and an anonymous caller could
 * otherwise make the server parse a megabyte of nested JSON per request before anything asked who it is.
 * A declared length over the limit from anyone else is refused before its body is read; a body of no
 * declared length (chunked) is read up to the limit only.
 */
export function bodyParsers(config: AppConfig, signedIn: SignedInCheck): RequestHandler {
  const anonymousLimit = Math.min(config.anonymousBodyLimitBytes, config.bodyLimitBytes);
  const full = inTurn(boundedParsers(config.bodyLimitBytes, config.bodyMaxDepth));
  const small = inTurn(boundedParsers(anonymousLimit, config.bodyMaxDepth));
  const depthChecked = (req: Request, next: NextFunction) => (error?: unknown) => {
    if (error) return next(error);
    next(nestsDeeperThan(req.body, config.bodyMaxDepth) ? new AppError(HttpStatus.BAD_REQUEST, 'bodyTooDeep', { depth: config.bodyMaxDepth }) : undefined);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const length = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    // most calls (GET, HEAD, DELETE): no body at all, which the parsers would skip as well (type-is's hasBody), leaving req.body undefined
    if (!chunked && length === undefined) {
      if (!('body' in (req as object))) (req as { body?: unknown }).body = undefined;
      return next();
    }
    const declared = Number(length);
    // most requests with a body: one small enough for anyone
    if (!chunked && (!Number.isFinite(declared) || declared <= anonymousLimit)) return small(req, res, depthChecked(req, next));
    signedIn(req).then(
      (known) => {
        if (known) return full(req, res, depthChecked(req, next));
        if (!Number.isFinite(declared)) return small(req, res, depthChecked(req, next));
        // the body is not read: end the connection rather than leave it to be drained
        res.setHeader('Connection', 'close');
        next(tooLarge(anonymousLimit));
      },
      (error: unknown) => next(error),
    );
  };
}
