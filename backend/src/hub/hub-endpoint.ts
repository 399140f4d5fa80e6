/**
 * The hub's HTTP surface, as raw Express handlers (outside Nest's envelope, guards and filters)
 * and the HTTP server's `upgrade` event:
 *   POST   {path}/negotiate   new connection
 *   GET    {path}?id=         WebSocket upgrade, SSE stream (Accept: text/event-stream) or poll
 *   POST   {path}?id=         records from an SSE or Long Polling client
 *   DELETE {path}?id=         end of a Long Polling connection
 * Every request but DELETE is authenticated (Authorization: Bearer or access_token) and must come
 * from the user and session the connection was negotiated for.
 * With other processes (Redis), a request for a connection held elsewhere is relayed to its holder
 * (backplane/connection-relay.ts): no session affinity is needed.
 */
import { Logger } from '@nestjs/common';
import type { Express, Request, RequestHandler, Response } from 'express';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { databaseUnavailableAnswer, isDatabaseUnavailable } from '../common/database-unavailable.js';
import { langFromHeader } from '../common/request-context.js';
import type { OfferedConnection, RelayAnswer, RelayCaller, RelayedRequest } from './backplane/connection-relay.js';
import { PROTOCOL_ERROR, type HubConnection } from './connection.js';
import type { ConnectionRegistry } from './connection-registry.js';
import type { HubOptions } from './hub.options.js';
import type { HubAuthenticator, HubPrincipal } from './hub.types.js';
import { negotiateResponse, negotiateVersionOf } from './negotiate.js';
import { LongPollingTransport, type PollResponse } from './transports/long-polling.js';
import { ServerSentEventsTransport } from './transports/server-sent-events.js';
import { WebSocketTransport } from './transports/websockets.js';

const logger = new Logger('Hub');

const CORS_ALLOWED_HEADERS = 'authorization, x-requested-with, x-signalr-user-agent, content-type';
const CORS_ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';

type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** How long a relayed request waits for the holder's answer (a poll: the poll timeout and this). */
const RELAY_TIMEOUT_MS = 10_000;

export class HubEndpoint {
  private readonly webSockets: WebSocketServer;
  private server?: Server;
  /** Connections this process took over from their offer (they may still await their transport). */
  private readonly heldHere = new WeakSet<HubConnection>();
  /** Offers being taken, by token: concurrent requests of one connection share one take. */
  private readonly taking = new Map<string, Promise<OfferedConnection | null>>();
  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    void this.upgrade(request, socket, head);
  };

  constructor(
    private readonly options: HubOptions,
    private readonly authenticator: HubAuthenticator,
    private readonly connections: ConnectionRegistry,
  ) {
    this.webSockets = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: options.maxMessageBytes,
    });
    connections.relay?.serve((request, signal) => this.serveRelayed(request, signal));
  }

  mount(app: Express, server: Server): void {
    app.all(
      `${this.options.path}/negotiate`,
      this.handler((request, response) => this.negotiate(request, response)),
    );
    app.all(
      this.options.path,
      this.handler((request, response) => this.connectionRequest(request, response)),
    );
    server.on('upgrade', this.onUpgrade);
    this.server = server;
  }

  unmount(): void {
    this.server?.off('upgrade', this.onUpgrade);
    this.webSockets.close();
  }

  private handler(handle: (request: Request, response: Response) => Promise<void>): RequestHandler {
    return (request, response) => {
      if (!this.applyCors(request, response)) {
        refuse(response, { status: 403, message: 'Origin not allowed' });
        return;
      }
      if (request.method === 'OPTIONS') {
        response.setHeader('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
        response.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
        response.setHeader('Access-Control-Max-Age', '600');
        response.status(204).end();
        return;
      }
      handle(request, response).catch((error: Error) => {
        logger.error(`Hub request ${request.method} ${request.path} failed`, error.stack);
        if (response.headersSent) response.destroy();
        else refuse(response, failureRefusal(request, error));
      });
    };
  }

  /** Echoes an allowed Origin with credentials, as browsers send cookies to the hub. */
  private applyCors(request: IncomingMessage, response: Response): boolean {
    const origin = request.headers.origin;
    if (!origin) return true;
    if (!this.originAllowed(request)) return false;
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    if (!/\borigin\b/i.test(String(response.getHeader('Vary') ?? ''))) response.append('Vary', 'Origin');
    return true;
  }

  /**
   * The same policy as the API's: no Origin (not a browser), the page's own origin (the host it called,
   * or the one its proxy forwarded), or one listed in CORS_ORIGINS.
   */
  private originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin || this.options.corsOrigins.includes(origin)) return true;
    if (!URL.canParse(origin)) return false;
    const host = new URL(origin).host;
    const forwarded = String(request.headers['x-forwarded-host'] ?? '')
      .split(',')[0]
      .trim()
      .toLowerCase();
    return host === request.headers.host?.toLowerCase() || host === forwarded;
  }

  private async negotiate(request: Request, response: Response): Promise<void> {
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      refuse(response, { status: 405, message: 'Negotiate takes POST' });
      return;
    }
    const query = queryOf(request);
    const principal = await this.authenticate(request, query);
    if (!principal) {
      unauthorized(response);
      return;
    }
    const version = negotiateVersionOf(query.get('negotiateVersion'));
    const connection = await this.newConnection(principal, version);
    await this.connections.relay?.offer(
      { connectionId: connection.connectionId, connectionToken: connection.connectionToken, principal },
      this.options.disconnectTimeoutMs,
    );
    // Exactly 200 and the bare object: anything else fails the client's start(). Never cached. With its
    // length, so that headers and body leave in one write (not chunked).
    const body = JSON.stringify(negotiateResponse(connection, version));
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  }

  private async connectionRequest(request: Request, response: Response): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'POST' && request.method !== 'DELETE') {
      response.setHeader('Allow', 'GET, POST, DELETE');
      refuse(response, { status: 405, message: 'Method not allowed' });
      return;
    }
    const query = queryOf(request);
    const token = query.get('id');
    if (!token) {
      refuse(response, { status: 400, message: 'Connection ID required' });
      return;
    }
    if (request.method === 'DELETE') {
      // Holding the secret token is enough to end a connection, even after the access token expired.
      const connection = await this.held(token);
      if (connection) answer(response, this.deleteAnswer(connection));
      else await this.relayed({ op: 'delete', token }, response);
      return;
    }
    const kind = request.method === 'POST' ? 'send' : request.headers.accept?.includes('text/event-stream') ? 'stream' : 'poll';
    // A closing Long Polling connection is still polled: its last records and then 204 are owed.
    const acceptClosing = kind === 'poll';
    if (!this.connections.relay && !this.connections.findByToken(token)) {
      refuse(response, NO_CONNECTION);
      return;
    }
    const principal = await this.authenticate(request, query);
    if (!principal) {
      unauthorized(response);
      return;
    }
    // After the authentication await: the connection may have ended meanwhile.
    const connection = await this.held(token);
    if (!connection) {
      // held by another process, if by any
      const caller = callerOf(principal);
      if (kind === 'poll') await this.relayed({ op: 'poll', token, caller }, response);
      else if (kind === 'stream') await this.relayed({ op: 'attach', token, caller, transport: 'ServerSentEvents' }, response);
      else {
        const body = await readBody(request, this.options.maxMessageBytes);
        await this.relayed(body === undefined ? { op: 'send', token, caller, tooLarge: true } : { op: 'send', token, caller, body }, response);
      }
      return;
    }
    const refusal = refusalFor(connection, principal, acceptClosing);
    if (refusal) {
      refuse(response, refusal);
      return;
    }
    if (kind === 'send') answer(response, this.receive(connection, await readBody(request, this.options.maxMessageBytes)));
    else if (kind === 'stream') this.openEventStream(connection, response);
    else this.poll(connection, response);
  }

  /**
   * The connection of `token` if this process holds it. A connection just negotiated (here or by another
   * process) is held by the process its first request reaches: that one takes the offer; a copy
   * negotiated here but taken by another process is dropped.
   */
  private async held(token: string): Promise<HubConnection | undefined> {
    const here = this.connections.findByToken(token);
    const relay = this.connections.relay;
    if (!relay || (here && (here.state !== 'negotiated' || this.heldHere.has(here)))) return here;
    let taking = this.taking.get(token);
    if (!taking) {
      taking = relay.take(token).finally(() => this.taking.delete(token));
      this.taking.set(token, taking);
    }
    const offered = await taking;
    const now = this.connections.findByToken(token);
    if (offered || (now && this.heldHere.has(now))) {
      const connection = now ?? this.connections.adopt(offered!);
      this.heldHere.add(connection);
      return connection;
    }
    if (now?.state === 'negotiated') now.abort();
    return undefined;
  }

  /** Hands a request to the process holding its connection and answers with what that process answered. */
  private async relayed(relayed: RelayedRequest, response: Response): Promise<void> {
    const relay = this.connections.relay;
    if (!relay) {
      refuse(response, NO_CONNECTION);
      return;
    }
    // The client went away before the answer (a poll it abandoned): the holder forgets the request.
    const gone = new AbortController();
    response.on('close', () => !response.writableEnded && gone.abort());
    const timeoutMs = relayed.op === 'poll' ? this.options.longPollTimeoutMs + RELAY_TIMEOUT_MS : RELAY_TIMEOUT_MS;
    const relayAnswer = await relay.forward(relayed, timeoutMs, gone.signal);
    if (gone.signal.aborted || response.writableEnded) return;
    answer(response, relayAnswer ?? refusalAnswer(NO_CONNECTION));
  }

  /** Serves a request another process relayed here (see `relayed`). */
  private async serveRelayed(request: RelayedRequest, signal: AbortSignal): Promise<RelayAnswer> {
    const connection = this.connections.findByToken(request.token);
    if (request.op === 'delete') return connection ? this.deleteAnswer(connection) : refusalAnswer(NO_CONNECTION);
    const refusal = refusalFor(connection, request.caller, request.op === 'poll');
    if (refusal) return refusalAnswer(refusal);
    switch (request.op) {
      case 'send':
        return this.receive(connection!, request.tooLarge ? undefined : (request.body ?? ''));
      case 'attach':
        return refusalAnswer(transportConflict(connection!, request.transport) ?? NO_CONNECTION);
      case 'poll':
        return new Promise((resolve) => {
          signal.addEventListener('abort', () => resolve({ status: 204 }), { once: true });
          this.poll(connection!, new RelayedPoll(resolve, signal));
        });
    }
  }

  /** Takes records an SSE or Long Polling client POSTed (`body` undefined: over the size limit). */
  private receive(connection: HubConnection, body: string | undefined): RelayAnswer {
    const transport = connection.transportName;
    if (transport !== 'ServerSentEvents' && transport !== 'LongPolling') {
      return refusalAnswer({ status: 400, message: `No POST requests on a ${transport ?? 'negotiated'} connection` });
    }
    if (body === undefined) {
      connection.close(PROTOCOL_ERROR);
      return refusalAnswer({ status: 413, message: 'Message too large' });
    }
    connection.receive(body);
    // Replies go down the stream or into the next poll; the client ignores POST bodies.
    return { status: 200 };
  }

  private openEventStream(connection: HubConnection, response: Response): void {
    const refusal = transportConflict(connection, 'ServerSentEvents');
    if (refusal) {
      refuse(response, refusal);
      return;
    }
    // Known as the holder before the client, seeing its stream open, POSTs to any process.
    this.connections.relay?.own(connection.connectionToken);
    connection.attach(new ServerSentEventsTransport(response, connection));
  }

  private poll(connection: HubConnection, response: PollResponse): void {
    if (connection.state === 'negotiated') {
      const transport = new LongPollingTransport(connection, this.options.longPollTimeoutMs);
      connection.attach(transport);
      this.connections.relay?.own(connection.connectionToken);
      transport.acceptFirstPoll(response);
      return;
    }
    if (!(connection.transport instanceof LongPollingTransport)) {
      const { status, body, headers } = refusalAnswer({ status: 400, message: `${connection.transportName} connections are not polled` });
      response.writeHead(status, headers).end(Buffer.from(body ?? ''));
      return;
    }
    connection.transport.poll(response);
  }

  private deleteAnswer(connection: HubConnection): RelayAnswer {
    if (connection.state === 'closed') return refusalAnswer(NO_CONNECTION);
    if (!(connection.transport instanceof LongPollingTransport)) {
      return refusalAnswer({ status: 400, message: 'Only Long Polling connections are ended with DELETE' });
    }
    connection.abort();
    return { status: 202 };
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://hub');
    if (url.pathname.replace(/(.)\/$/, '$1') !== this.options.path) return; // another listener's path
    socket.on('error', () => socket.destroy());
    try {
      if (!this.originAllowed(request)) {
        refuseUpgrade(socket, { status: 403, message: 'Origin not allowed' });
        return;
      }
      const principal = await this.authenticate(request, url.searchParams);
      if (socket.destroyed) return;
      if (!principal) {
        refuseUpgrade(socket, { status: 401, message: 'Unauthorized' });
        return;
      }
      const token = url.searchParams.get('id');
      let connection: HubConnection | undefined;
      if (token) {
        connection = await this.held(token);
        if (!connection && this.connections.relay) {
          // held by another process, if by any: its refusal (the connection already has a transport)
          const held = await this.connections.relay.forward({ op: 'attach', token, caller: callerOf(principal), transport: 'WebSockets' }, RELAY_TIMEOUT_MS);
          refuseUpgrade(socket, held ? { status: held.status, message: held.body ?? '' } : NO_CONNECTION);
          return;
        }
        const refusal = refusalFor(connection, principal) ?? transportConflict(connection!, 'WebSockets');
        if (refusal) {
          refuseUpgrade(socket, refusal);
          return;
        }
      } else {
        // skipNegotiation: the connection is born with its WebSocket.
        connection = await this.newConnection(principal, 1);
      }
      const accepted = connection!;
      this.webSockets.handleUpgrade(request, socket, head, (webSocket) => {
        if (accepted.state !== 'negotiated') webSocket.terminate();
        else accepted.attach(new WebSocketTransport(webSocket, accepted));
      });
    } catch (error) {
      logger.error('Hub WebSocket upgrade failed', (error as Error).stack);
      refuseUpgrade(socket, failureRefusal(request, error));
    }
  }

  /** `query` is the request's own, parsed once by the caller. */
  /** A new connection of `principal`, its owner's oldest closed beyond the limit (HubAuthenticator.connectionsPerUser). */
  private async newConnection(principal: HubPrincipal, version: 0 | 1) {
    const max = await this.authenticator.connectionsPerUser?.();
    if (max) this.connections.makeRoom(principal, max);
    return this.connections.create(principal, version);
  }

  private async authenticate(request: IncomingMessage, query: URLSearchParams): Promise<HubPrincipal | null> {
    const token = accessTokenOf(request, query);
    const principal = token ? await this.authenticator.authenticate(token) : null;
    // a customer's account can only be the mini-program
    return principal && { ...principal, client: principal.customer || query.get('client') === 'miniprogram' ? 'miniprogram' : 'web' };
  }
}

/** Node clients send the token as a Bearer header; browsers put it in `access_token` for WebSockets and SSE. */
function accessTokenOf(request: IncomingMessage, query: URLSearchParams): string | undefined {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? (query.get('access_token') || undefined);
}

const NO_CONNECTION: Refusal = { status: 404, message: 'No Connection with that ID' };

/**
 * The answer to a request that failed: while the database cannot be reached, the API's 503 (its message
 * in the caller's language, when to retry), so that clients wait and reconnect rather than take it for
 * a fault or a sign-out; otherwise a bare 500.
 */
function failureRefusal(request: IncomingMessage, error: unknown): Refusal {
  if (isDatabaseUnavailable(error)) return databaseUnavailableAnswer(langFromHeader(request.headers['accept-language']));
  return { status: 500, message: 'Internal server error' };
}

function refusalFor(connection: HubConnection | undefined, principal: RelayCaller, acceptClosing = false): Refusal | undefined {
  if (!connection || connection.state === 'closed' || (connection.state === 'closing' && !acceptClosing)) {
    return NO_CONNECTION;
  }
  const owner = connection.principal;
  if (owner.userId !== principal.userId || owner.sessionId !== principal.sessionId) {
    return { status: 403, message: 'The connection belongs to another user or session' };
  }
  return undefined;
}

function transportConflict(connection: HubConnection, wanted: HubConnection['transportName']): Refusal | undefined {
  const current = connection.transportName;
  if (!current) return undefined;
  if (current === wanted) return { status: 409, message: `The connection already has a ${current} transport` };
  return { status: 400, message: `The connection uses ${current}, not ${wanted}` };
}

function queryOf(request: IncomingMessage): URLSearchParams {
  return new URL(request.url ?? '/', 'http://hub').searchParams;
}

/** Reads the raw body (SignalR posts text/plain, which Nest's parsers leave unread). Undefined when over the limit. */
async function readBody(request: Request, limit: number): Promise<string | undefined> {
  // Should a text parser ever run before the hub's routes, the body is already read.
  const parsed: unknown = request.body;
  if (typeof parsed === 'string' || Buffer.isBuffer(parsed)) return parsed.length > limit ? undefined : parsed.toString();
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep draining past the limit so that the 413 can still be answered on this socket.
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? undefined : Buffer.concat(chunks).toString('utf8');
}

function refuse(response: Response, { status, message, headers = {} }: Refusal): void {
  response.set(headers).status(status).type('text/plain').send(message);
}

function refusalAnswer({ status, message, headers = {} }: Refusal): RelayAnswer {
  return { status, body: message, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } };
}

/** Writes an answer made here or by the process that holds the connection. */
function answer(response: Response, { status, body, headers }: RelayAnswer): void {
  if (response.writableEnded) return;
  const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
  response.writeHead(status, { ...headers, ...(bytes && { 'Content-Length': String(bytes.length) }) });
  response.end(bytes);
}

const callerOf = ({ userId, sessionId }: HubPrincipal): RelayCaller => ({ userId, sessionId });

/** A poll relayed from another process: the Long Polling transport answers it as it would an HTTP response. */
class RelayedPoll implements PollResponse {
  writableEnded = false;
  private status = 200;
  private headers?: Record<string, string>;

  constructor(
    private readonly resolve: (answer: RelayAnswer) => void,
    private readonly signal: AbortSignal,
  ) {}

  writeHead(status: number, headers?: Record<string, string>): this {
    this.status = status;
    this.headers = headers;
    return this;
  }

  end(body?: Buffer): void {
    if (this.writableEnded) return;
    this.writableEnded = true;
    this.resolve({ status: this.status, headers: this.headers, body: body?.toString('utf8') });
  }

  on(_event: 'close', listener: () => void): void {
    this.signal.addEventListener('abort', listener, { once: true });
  }
}

function unauthorized(response: Response): void {
  response.setHeader('WWW-Authenticate', 'Bearer');
  refuse(response, { status: 401, message: 'Unauthorized' });
}

function refuseUpgrade(socket: Duplex, { status, message, headers = {} }: Refusal): void {
  if (socket.destroyed) return;
  const extra = Object.entries({ ...headers, ...(status === 401 && { 'WWW-Authenticate': 'Bearer' }) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\n${extra}\r\n${message}`,
  );
}
