/**
 * Requests of one connection that reach different processes (a load balancer without session affinity).
 *
 * A WebSocket, or a Server-Sent Events stream, is one long request: the process it reaches holds the
 * connection. Long Polling, and the records an SSE client POSTs, are many short requests, each of which
 * may reach any process. ASP.NET Core asks for sticky sessions there; we do without:
 *  - negotiate *offers* the new connection (its ids and owner) to every process for a short while;
 *  - the first request that uses it *takes* the offer, wherever it lands, and that process holds the
 *    connection from then on (it *owns* it: other processes can find it);
 *  - any later request that reaches another process is *forwarded* to the owner, which serves it and
 *    sends the answer back (a poll's answer comes when the owner has records for the client).
 * Forwarding to the owner keeps one copy of each connection's state (its queue, its handshake, its
 * invocations in order) instead of sharing queues in Redis, at one Redis round trip per relayed request.
 */
import type { HubPrincipal, HubTransportName } from '../hub.types.js';

/** A connection as negotiate made it, before any transport: all another process needs to take it over. */
export interface OfferedConnection {
  connectionId: string;
  connectionToken: string;
  principal: HubPrincipal;
}

/** Who sent a relayed request (authenticated by the process it reached). */
export interface RelayCaller {
  userId: number;
  sessionId: string;
}

export type RelayedRequest =
  /** records an SSE or Long Polling client POSTed; `tooLarge`: refused by size where it arrived */
  | { op: 'send'; token: string; caller: RelayCaller; body?: string; tooLarge?: boolean }
  | { op: 'poll'; token: string; caller: RelayCaller }
  /** a WebSocket or SSE stream asked for a connection that already has its transport elsewhere */
  | { op: 'attach'; token: string; caller: RelayCaller; transport: HubTransportName }
  | { op: 'delete'; token: string };

export interface RelayAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface ConnectionRelay {
  /** Makes a negotiated connection available to whichever process its first request reaches. */
  offer(connection: OfferedConnection, ttlMs: number): Promise<void>;
  /** Takes an offered connection; null when another process took it first or the offer expired. */
  take(connectionToken: string): Promise<OfferedConnection | null>;
  /** Tells the other processes that this one holds the connection (Long Polling and SSE). */
  own(connectionToken: string): void;
  disown(connectionToken: string): void;
  /**
   * Hands a request to the process that holds the connection and resolves with its answer; undefined
   * when no live process holds it (or it did not answer within `timeoutMs`). An aborted `signal`
   * withdraws the request (the client went away).
   */
  forward(request: RelayedRequest, timeoutMs: number, signal?: AbortSignal): Promise<RelayAnswer | undefined>;
  /** Serves the requests forwarded to this process; `signal` aborts when the forwarding side withdrew. */
  serve(handler: (request: RelayedRequest, signal: AbortSignal) => Promise<RelayAnswer>): void;
}
