import { IDEMPOTENT_REPLAYED_HEADER, REQUEST_ID_HEADER } from '@forwarder/domain';
import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface.js';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../config/app-config.js';

/** A Host header fit to be written into a policy (no spaces, quotes or semicolons to smuggle directives). */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The hub's WebSocket on this very host: CSP Level 3 browsers count ws:/wss: of the page's host as
 * 'self', older ones need it spelled out.
 */
function sameHostSockets(req: IncomingMessage): string {
  const host = req.headers.host;
  return host && PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/** The origin uploaded files come from when FILE_BASE_URL points elsewhere (object storage, a CDN). */
function fileOrigin(fileBaseUrl: string): string[] {
  return URL.canParse(fileBaseUrl) ? [new URL(fileBaseUrl).origin] : [];
}

/**
 * The response headers of every answer (API, web client, files, hub): a Content-Security-Policy that fits
 * the built web client (its scripts are files, never inline; antd's CSS-in-JS inserts <style> elements at
 * run time, hence 'unsafe-inline' for styles only), no framing, nosniff, no Referer, HSTS when the
 * configuration says the server is reached over HTTPS only. API answers are never stored by a cache.
 * `/files` narrows the policy further with its own headers.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const headers = precomputed(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigin(config.fileBaseUrl)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", sameHostSockets],
          objectSrc: ["'none'"],
          // the label print preview shows the PDF the page fetched (a blob: URL) in a frame of its own
          frameSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          // on a plain-HTTP installation this would send the browser to an https:// that does not answer
          ...(config.hsts ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: config.hsts ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    }),
  );
  return (req: Request, res: Response, next: NextFunction) => {
    const error = headers(req, res);
    if (error !== undefined) return next(error);
    if (isApiPath(req)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/**
 * Whether the request's path is under /api/: read from its URL as it came when that is a path (the common
 * case, with no URL parsed), else from Express's parse of it (an absolute-form URL: http://host/api/...).
 */
function isApiPath(req: Request): boolean {
  return req.url.startsWith('/') ? req.url.startsWith('/api/') : req.path.startsWith('/api/');
}

/** What a middleware that only sets and removes headers did to a response: replayed as it was (names[i] set to values[i]). */
interface HeaderWork {
  names: string[];
  values: (string | number | readonly string[])[];
  removed: string[];
  error?: unknown;
}

/** The most Host headers whose answers' headers are kept (the header is the caller's to choose: the rest are computed each time). */
const MAX_HOSTS = 64;

/**
 * helmet's headers made once per Host header and replayed on each answer, instead of helmet running its
 * dozen middlewares and joining the policy's directives on every call: what helmet sets is fixed by the
 * options but for the policy's connect-src, which depends on the request's Host alone (sameHostSockets).
 * The headers are those helmet sets, in its order, with its refusal (an error passed on) kept the same.
 */
function precomputed(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void) {
  const byHost = new Map<string | undefined, HeaderWork>();
  const record = (host: string | undefined): HeaderWork => {
    const work: HeaderWork = { names: [], values: [], removed: [] };
    const recorder = {
      setHeader: (name: string, value: string | number | readonly string[]) => {
        work.names.push(name);
        work.values.push(value);
      },
      removeHeader: (name: string) => void work.removed.push(name),
    };
    middleware({ headers: { host } } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
      if (error !== undefined) work.error = error;
    });
    return work;
  };
  return (req: Request, res: Response): unknown => {
    const host = req.headers.host;
    let work = byHost.get(host);
    if (!work) {
      work = record(host);
      if (work.error === undefined && byHost.size < MAX_HOSTS) byHost.set(host, work);
    }
    // indexed loops: no iterator nor pair made per header and per answer
    const { names, values, removed } = work;
    for (let i = 0; i < names.length; i++) res.setHeader(names[i], values[i]);
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]);
    return work.error;
  };
}

/**
 * CORS for the API: off unless CORS_ORIGINS lists origins (the web client is served from the same
 * origin; the mini-program is no browser). Listed origins may send credentials and read the token
 * headers, the request id, Retry-After (the web client waits as it says before sending a create again)
 * and Idempotent-Replayed.
 */
export function corsOptions(config: AppConfig): CorsOptions | undefined {
  if (config.corsOrigins.length === 0) return undefined;
  return {
    origin: config.corsOrigins,
    credentials: true,
    exposedHeaders: ['access-token', 'x-access-token', 'content-disposition', REQUEST_ID_HEADER, 'retry-after', IDEMPOTENT_REPLAYED_HEADER],
  };
}
