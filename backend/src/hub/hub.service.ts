/**
 * The hub as the rest of the back office sees it: register client-to-server methods, send events
 * to users, sessions, connections or everyone, end sessions, list who is online. With REDIS_URL
 * set, every call reaches the connections of all processes.
 */
import { Inject, Injectable, Logger, type INestApplication, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Express } from 'express';
import type { Server } from 'node:http';
import { LocalBackplane, type BackplaneCommand, type HubBackplane } from './backplane/backplane.js';
import { RedisBackplane } from './backplane/redis-backplane.js';
import type { HubConnection } from './connection.js';
import { ConnectionRegistry } from './connection-registry.js';
import { HubDispatcher } from './hub-dispatcher.js';
import { HubEndpoint } from './hub-endpoint.js';
import { HUB_OPTIONS, type HubOptions } from './hub.options.js';
import { HUB_AUTHENTICATOR, HubError, type HubAuthenticator, type HubMethod, type HubOnlineConnection, type HubTransportName } from './hub.types.js';
import { invocationRecord } from './protocol/json-hub-protocol.js';
import { OutgoingRecords } from './protocol/text-records.js';

const logger = new Logger('Hub');

const SHUTDOWN_MESSAGE = 'Server is shutting down.';
const SHUTDOWN_GRACE_MS = 1000;

@Injectable()
export class HubService implements OnModuleInit, OnModuleDestroy {
  private readonly dispatcher = new HubDispatcher();
  private readonly backplane: HubBackplane;
  private readonly connections: ConnectionRegistry;
  private endpoint?: HubEndpoint;
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @Inject(HUB_AUTHENTICATOR) private readonly authenticator: HubAuthenticator,
    @Inject(HUB_OPTIONS) private readonly options: HubOptions,
  ) {
    this.backplane = options.redisUrl
      ? new RedisBackplane({
          redisUrl: options.redisUrl,
          redisPrefix: options.redisPrefix,
          redisProcessTtlMs: options.redisProcessTtlMs,
        })
      : new LocalBackplane();
    this.connections = new ConnectionRegistry(options, this.dispatcher, this.backplane, this.backplane.relay);
  }

  /**
   * Makes `name` callable by clients (matched case-insensitively, as SignalR does). Staff only unless
   * `customers` is set: a customer's mini-program connection gets an error.
   */
  registerMethod(name: string, fn: HubMethod, { customers = false }: { customers?: boolean } = {}): void {
    this.dispatcher.register(name, (ctx, ...args) => {
      if (ctx.principal.customer && !customers) throw new HubError(`${name} is not available to customers`);
      return fn(ctx, ...args);
    });
  }

  // The send and close methods resolve once the local connections have been served and the other
  // processes told; they never reject (backplane failures are logged).

  sendToUser(userId: number, target: string, ...args: unknown[]): Promise<void> {
    return this.sendToUsers([userId], target, ...args);
  }

  sendToUsers(userIds: number[], target: string, ...args: unknown[]): Promise<void> {
    return this.route({ kind: 'users', userIds: [...new Set(userIds)], records: invocationRecord(target, args) });
  }

  sendToSession(sessionId: string, target: string, ...args: unknown[]): Promise<void> {
    return this.route({ kind: 'session', sessionId, records: invocationRecord(target, args) });
  }

  sendToConnection(connectionId: string, target: string, ...args: unknown[]): Promise<void> {
    return this.route({ kind: 'connection', connectionId, records: invocationRecord(target, args) });
  }

  sendToAll(target: string, ...args: unknown[]): Promise<void> {
    return this.route({ kind: 'all', records: invocationRecord(target, args) });
  }

  /** Sends Close (no automatic reconnect) to every connection of the session, on every process, and ends them. */
  closeSession(sessionId: string, error?: string): Promise<void> {
    return this.route({ kind: 'closeSession', sessionId, error });
  }

  /**
   * Sends Close to one connection and ends it. With `allowReconnect` the client reconnects (as
   * after a server restart); without it, it stops.
   */
  closeConnection(connectionId: string, error?: string, options: { allowReconnect?: boolean } = {}): Promise<void> {
    return this.route({ kind: 'closeConnection', connectionId, error, allowReconnect: options.allowReconnect });
  }

  /** Live connections of every process. Rejects when the Redis backplane cannot be read. */
  online(): Promise<HubOnlineConnection[]> {
    return this.backplane.online();
  }

  /** This process's connected connections per transport (the metrics' hub_connections). */
  localConnections(): Record<HubTransportName, number> {
    return this.connections.liveByTransport();
  }

  /** Mounts the hub on the app's Express instance and HTTP server; call before `app.init()`/`listen()`. */
  attach(app: INestApplication): void {
    if (this.endpoint) throw new Error('The hub is already attached');
    const adapter = app.getHttpAdapter();
    if (adapter.getType() !== 'express') throw new Error('The hub needs the Express platform');
    this.endpoint = new HubEndpoint(this.options, this.authenticator, this.connections);
    this.endpoint.mount(adapter.getInstance() as Express, app.getHttpServer() as Server);
    logger.log(`Hub listening at ${this.options.path}${this.options.redisUrl ? ' with the Redis backplane' : ''}`);
  }

  async onModuleInit(): Promise<void> {
    await this.backplane.start(
      (command) => this.deliver(command),
      () => this.connections.onlineEntries(),
    );
    const { pingIntervalMs, clientTimeoutMs, handshakeTimeoutMs, disconnectTimeoutMs } = this.options;
    // Fine enough for the shortest rule, at most once a second (as ASP.NET Core's heartbeat).
    const period = Math.min(1000, Math.max(25, Math.min(pingIntervalMs, clientTimeoutMs, handshakeTimeoutMs, disconnectTimeoutMs) / 4));
    this.sweepTimer = setInterval(() => this.connections.sweep(Date.now()), period);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.endpoint?.unmount();
    // Clients reconnect elsewhere (another process, or this one once restarted). They get a moment
    // to take the Close (Long Polling polls once more) and answer the WebSocket close handshake.
    this.connections.closeAll(SHUTDOWN_MESSAGE, true);
    await this.connections.drained(SHUTDOWN_GRACE_MS);
    this.connections.abortAll();
    await this.backplane.stop();
  }

  private route(command: BackplaneCommand): Promise<void> {
    const connectionId = command.kind === 'connection' || command.kind === 'closeConnection' ? command.connectionId : undefined;
    const heldHere = connectionId !== undefined && this.connections.findLive(connectionId) !== undefined;
    this.deliver(command);
    return heldHere ? Promise.resolve() : this.backplane.publish(command);
  }

  /** Serves a command to this process's connections. */
  private deliver(command: BackplaneCommand): void {
    switch (command.kind) {
      case 'users': {
        const records = new OutgoingRecords(command.records);
        for (const userId of command.userIds) sendEach(this.connections.liveOfUser(userId), records);
        return;
      }
      case 'session':
        sendEach(this.connections.liveOfSession(command.sessionId), new OutgoingRecords(command.records));
        return;
      case 'connection':
        this.connections.findLive(command.connectionId)?.send(new OutgoingRecords(command.records));
        return;
      case 'all':
        sendEach(this.connections.allLive(), new OutgoingRecords(command.records));
        return;
      case 'closeSession':
        for (const connection of this.connections.liveOfSession(command.sessionId)) connection.close(command.error);
        return;
      case 'closeConnection':
        this.connections.findLive(command.connectionId)?.close(command.error, command.allowReconnect);
        return;
    }
  }
}

// Connections dropped while iterating (a client too slow to keep up) leave the live indexes; Map
// and Set iteration tolerates that.
function sendEach(connections: Iterable<HubConnection>, records: OutgoingRecords): void {
  for (const connection of connections) connection.send(records);
}
