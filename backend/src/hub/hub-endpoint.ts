/**
 * The hub's HTTP surface, as raw Express handlers (outside Nest's envelope, guards and filters)
 * and the HTTP server's `upgrade` event:
 *   POST   {path}/negotiate   new connection
 *   GET    {path}?id=         WebSocket upgrade, SSE stream (Accept: text/event-stream) or poll
 *   POST   {path}?id=         records from an SSE or Long Polling client
 *   DELETE {path}?id=         end of a Long Polling connection
 * Every request but DELETE is authenticated (Authorization: Bearer or access_token) and must come
 * from the user and session the connection was negotiated for.
 */
import { Logger } from '@nestjs/common';
import type { Express, Request, RequestHandler, Response } from 'express';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { databaseUnavailableAnswer, isDatabaseUnavailable } from '../common/database-unavailable.js';
import { langFromHeader } from '../common/request-context.js';
import { PROTOCOL_ERROR, type HubConnection } from './connection.js';
import type { ConnectionRegistry } from './connection-registry.js';
import type { HubOptions } from './hub.options.js';
import type { HubAuthenticator, HubPrincipal } from './hub.types.js';
import { negotiateResponse, negotiateVersionOf } from './negotiate.js';
import { LongPollingTransport } from './transports/long-polling.js';
import { ServerSentEventsTransport } from './transports/server-sent-events.js';
import { WebSocketTransport } from './transports/websockets.js';

const logger = new Logger('Hub');

const CORS_ALLOWED_HEADERS = 'authorization, x-requested-with, x-signalr-user-agent, content-type';
const CORS_ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';

type Refusal = { status: number; message: string; headers?: Record<string, string> };

export class HubEndpoint {
  private readonly webSockets: WebSocketServer;
  private server?: Server;
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
    const connection = this.connections.create(principal, version);
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
      this.deleteConnection(token, response);
      return;
    }
    const kind = request.method === 'POST' ? 'send' : request.headers.accept?.includes('text/event-stream') ? 'stream' : 'poll';
    // A closing Long Polling connection is still polled: its last records and then 204 are owed.
    const acceptClosing = kind === 'poll';
    if (!this.connections.findByToken(token)) {
      refuse(response, NO_CONNECTION);
      return;
    }
    const principal = await this.authenticate(request, query);
    if (!principal) {
      unauthorized(response);
      return;
    }
    // Looked up again after the authentication await: the connection may have ended meanwhile.
    const connection = this.connections.findByToken(token);
    const refusal = refusalFor(connection, principal, acceptClosing);
    if (refusal) {
      refuse(response, refusal);
      return;
    }
    if (kind === 'send') await this.receive(connection!, request, response);
    else if (kind === 'stream') this.openEventStream(connection!, response);
    else this.poll(connection!, response);
  }

  private async receive(connection: HubConnection, request: Request, response: Response): Promise<void> {
    const transport = connection.transportName;
    if (transport !== 'ServerSentEvents' && transport !== 'LongPolling') {
      refuse(response, { status: 400, message: `No POST requests on a ${transport ?? 'negotiated'} connection` });
      return;
    }
    const body = await readBody(request, this.options.maxMessageBytes);
    if (body === undefined) {
      refuse(response, { status: 413, message: 'Message too large' });
      connection.close(PROTOCOL_ERROR);
      return;
    }
    connection.receive(body);
    // Replies go down the stream or into the next poll; the client ignores POST bodies.
    response.status(200).end();
  }

  private openEventStream(connection: HubConnection, response: Response): void {
    const refusal = transportConflict(connection, 'ServerSentEvents');
    if (refusal) {
      refuse(response, refusal);
      return;
    }
    connection.attach(new ServerSentEventsTransport(response, connection));
  }

  private poll(connection: HubConnection, response: Response): void {
    if (connection.state === 'negotiated') {
      const transport = new LongPollingTransport(connection, this.options.longPollTimeoutMs);
      connection.attach(transport);
      transport.acceptFirstPoll(response);
      return;
    }
    if (!(connection.transport instanceof LongPollingTransport)) {
      refuse(response, { status: 400, message: `${connection.transportName} connections are not polled` });
      return;
    }
    connection.transport.poll(response);
  }

  private deleteConnection(token: string, response: Response): void {
    const connection = this.connections.findByToken(token);
    if (!connection || connection.state === 'closed') {
      refuse(response, NO_CONNECTION);
      return;
    }
    if (!(connection.transport instanceof LongPollingTransport)) {
      refuse(response, { status: 400, message: 'Only Long Polling connections are ended with DELETE' });
      return;
    }
    connection.abort();
    response.status(202).end();
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
        connection = this.connections.findByToken(token);
        const refusal = refusalFor(connection, principal) ?? transportConflict(connection!, 'WebSockets');
        if (refusal) {
          refuseUpgrade(socket, refusal);
          return;
        }
      } else {
        // skipNegotiation: the connection is born with its WebSocket.
        connection = this.connections.create(principal, 1);
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

function refusalFor(connection: HubConnection | undefined, principal: HubPrincipal, acceptClosing = false): Refusal | undefined {
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
