import { randomUUID } from 'node:crypto';

/** What an incoming id may be to be kept: short, and nothing that could forge a log line or a header. */
export const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id of a request: the incoming one when it is sane (one id across the proxy and the server), else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

declare module 'http' {
  interface IncomingMessage {
    /** The request's id (requestIdOf), given by the first middleware (logging/http-logger.ts). */
    id: string;
  }
}
