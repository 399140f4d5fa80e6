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
function refusalOf(error: { status?: number; type?: string }, config: AppConfig): unknown {
  switch (error.type) {
    case 'entity.too.large':
      return new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'bodyTooLarge', { kb: Math.floor(config.bodyLimitBytes / 1024) });
    case 'parameters.too.many':
      return new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'bodyTooManyFields', { max: FORM_MAX_FIELDS });
    case 'querystring.parse.rangeError':
      return new AppError(HttpStatus.BAD_REQUEST, 'bodyTooDeep', { depth: config.bodyMaxDepth });
    case 'entity.parse.failed':
      return AppError.badRequest('bodyMalformed');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new AppError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'bodyEncodingUnsupported');
  }
  const status = error.status ?? 500;
  return status >= 400 && status < 500 ? new AppError(status, 'bodyUnreadable') : error;
}

/**
 * The JSON and form parsers of the API (in place of Nest's own): bounded in size and in nesting depth,
 * every refusal a 4xx in the envelope with a message, never a parser's English text or a 500.
 */
export function bodyParsers(config: AppConfig): RequestHandler[] {
  // `depth` is a body-parser 2 option its type declarations do not know yet
  const formOptions = { extended: true, limit: config.bodyLimitBytes, depth: config.bodyMaxDepth, parameterLimit: FORM_MAX_FIELDS };
  const parsers = [express.json({ limit: config.bodyLimitBytes }), express.urlencoded(formOptions)];
  const refusing = parsers.map((parse) => (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => next(error ? refusalOf(error as { status?: number; type?: string }, config) : undefined));
  });
  const depthChecked = (req: Request, _res: Response, next: NextFunction) => {
    next(nestsDeeperThan(req.body, config.bodyMaxDepth) ? new AppError(HttpStatus.BAD_REQUEST, 'bodyTooDeep', { depth: config.bodyMaxDepth }) : undefined);
  };
  return [...refusing, depthChecked];
}
