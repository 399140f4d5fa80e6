/**
 * The connections of this process: created at negotiate (or at a WebSocket opened without one),
 * found by token for every later request, indexed by user and session once the handshake is done.
 */
import type { ConnectionRelay, OfferedConnection } from './backplane/connection-relay.js';
import { HubConnection, type ConnectionHost } from './connection.js';
import type { HubDispatcher } from './hub-dispatcher.js';
import type { HubOptions } from './hub.options.js';
import type { HubOnlineConnection, HubPrincipal, HubTransportName } from './hub.types.js';
import { newConnectionIdentity } from './negotiate.js';
import type { InvocationMessage, StreamInvocationMessage } from './protocol/json-hub-protocol.js';

/** Where the live connections are published for every process to see. */
export interface Presence {
  register(entry: HubOnlineConnection): void;
  unregister(connectionId: string): void;
}

export class ConnectionRegistry implements ConnectionHost {
  private readonly byToken = new Map<string, HubConnection>();
  /** Connected (handshaken) connections only, in every index below. */
  private readonly live = new Map<string, HubConnection>();
  private readonly byUser = new Map<number, Set<HubConnection>>();
  private readonly bySession = new Map<string, Set<HubConnection>>();

  constructor(
    readonly options: HubOptions,
    private readonly dispatcher: HubDispatcher,
    private readonly presence: Presence,
    /** Other processes that requests of this process's connections may reach (absent when alone). */
    readonly relay?: ConnectionRelay,
  ) {}

  create(principal: HubPrincipal, negotiateVersion: 0 | 1): HubConnection {
    const { connectionId, connectionToken } = newConnectionIdentity(negotiateVersion);
    const connection = new HubConnection(connectionId, connectionToken, principal, this);
    this.byToken.set(connectionToken, connection);
    return connection;
  }

  /**
   * Makes room for one more connection of `principal`'s owner (the staff member, or the customer's
   * mini-program account) under `max`: its oldest connections beyond `max - 1`, connected or only
   * negotiated, are closed (without reconnecting), so a tab opened last always connects and a client that
   * opens connections without end holds at most `max`.
   */
  makeRoom(principal: HubPrincipal, max: number): void {
    const owner = ownerOf(principal);
    const held = [...this.byToken.values()].filter((connection) => connection.state !== 'closed' && ownerOf(connection.principal) === owner);
    for (const oldest of held.slice(0, Math.max(0, held.length - (max - 1)))) oldest.close(TOO_MANY_CONNECTIONS, false);
  }

  /** Holds here a connection negotiated by another process (its first request came here). */
  adopt(offered: OfferedConnection): HubConnection {
    const connection = new HubConnection(offered.connectionId, offered.connectionToken, offered.principal, this);
    this.byToken.set(offered.connectionToken, connection);
    return connection;
  }

  findByToken(connectionToken: string): HubConnection | undefined {
    return this.byToken.get(connectionToken);
  }

  findLive(connectionId: string): HubConnection | undefined {
    return this.live.get(connectionId);
  }

  liveOfUser(userId: number): Iterable<HubConnection> {
    return this.byUser.get(userId) ?? [];
  }

  liveOfSession(sessionId: string): Iterable<HubConnection> {
    return this.bySession.get(sessionId) ?? [];
  }

  allLive(): Iterable<HubConnection> {
    return this.live.values();
  }

  /** How many connected connections each transport carries (every transport named, 0 included). */
  liveByTransport(): Record<HubTransportName, number> {
    const counts: Record<HubTransportName, number> = { WebSockets: 0, ServerSentEvents: 0, LongPolling: 0 };
    for (const connection of this.live.values()) counts[connection.transportName!]++;
    return counts;
  }

  onlineEntries(): HubOnlineConnection[] {
    return [...this.live.values()].map(onlineEntryOf);
  }

  /** Applies the time-based rules (timeouts, pings, expiry) to every connection. */
  sweep(now: number): void {
    for (const connection of this.byToken.values()) connection.tick(now);
  }

  /** Ends every connection, connected ones with a Close message. */
  closeAll(error: string, allowReconnect: boolean): void {
    for (const connection of [...this.byToken.values()]) connection.close(error, allowReconnect);
  }

  /** Drops whatever is left (transports still handing their last records over). */
  abortAll(): void {
    for (const connection of [...this.byToken.values()]) connection.abort();
  }

  /** Resolves once every connection is gone, or after `timeoutMs`. */
  async drained(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.byToken.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  connected(connection: HubConnection): void {
    this.live.set(connection.connectionId, connection);
    addTo(this.byUser, connection.principal.userId, connection);
    addTo(this.bySession, connection.principal.sessionId, connection);
    this.presence.register(onlineEntryOf(connection));
  }

  dispatch(connection: HubConnection, message: InvocationMessage | StreamInvocationMessage): Promise<string | undefined> {
    return this.dispatcher.dispatch({ principal: connection.principal, connectionId: connection.connectionId }, message);
  }

  disconnected(connection: HubConnection): void {
    if (this.live.get(connection.connectionId) !== connection) return;
    this.live.delete(connection.connectionId);
    removeFrom(this.byUser, connection.principal.userId, connection);
    removeFrom(this.bySession, connection.principal.sessionId, connection);
    this.presence.unregister(connection.connectionId);
  }

  released(connection: HubConnection): void {
    this.byToken.delete(connection.connectionToken);
    this.relay?.disown(connection.connectionToken);
  }
}

/** The Close message's error of a connection that made room for a newer one of its owner. */
export const TOO_MANY_CONNECTIONS = 'Too many connections of this user: the oldest was closed.';

/** Whose connections count together: a staff member's, or a customer's mini-program account's (their userId is 0). */
const ownerOf = (principal: HubPrincipal) => (principal.customer ? `wechat:${principal.customer.wechatId}` : `user:${principal.userId}`);

function onlineEntryOf(connection: HubConnection): HubOnlineConnection {
  const { userId, sessionId, account, fullName, client = 'web', customer } = connection.principal;
  return {
    ...(customer && { customerId: customer.customerId, customerWechatId: customer.wechatId }),
    connectionId: connection.connectionId,
    userId,
    sessionId,
    account,
    fullName,
    client,
    transport: connection.transportName!,
    connectedAt: connection.connectedAt!.toISOString(),
  };
}

function addTo<K>(index: Map<K, Set<HubConnection>>, key: K, connection: HubConnection): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(connection);
}

function removeFrom<K>(index: Map<K, Set<HubConnection>>, key: K, connection: HubConnection): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) index.delete(key);
}
