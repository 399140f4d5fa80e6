/**
 * Scale-out through Redis, in the manner of ASP.NET Core's Redis backplane: every process
 * subscribes to one channel and delivers the commands of the others to its own connections.
 *
 * Presence (who is online) lives in Redis too: each process keeps a hash of its live connections
 * and a heartbeat key, both expiring unless refreshed, so a crashed process drops out of `online()`
 * within one TTL. Keys, with the configured prefix P:
 *   P bus                            the pub/sub channel
 *   P processes                      set of process ids
 *   P process:<id>:alive             heartbeat, expires after the TTL
 *   P process:<id>:connections       hash connectionId -> JSON of the online entry, same TTL
 *   P relay:<id>                     the process's own channel: requests forwarded to it, answers to its own
 *   P offer:<token>                  a connection just negotiated, until a process takes it (connection-relay.ts)
 *   P owner:<token>                  the process holding a Long Polling or SSE connection, refreshed with the heartbeat
 */
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { openConnection } from '../../common/redis-connection.js';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { HubOnlineConnection } from '../hub.types.js';
import type { BackplaneCommand, HubBackplane } from './backplane.js';
import type { ConnectionRelay, OfferedConnection, RelayAnswer, RelayedRequest } from './connection-relay.js';

const logger = new Logger('HubBackplane');

interface Envelope {
  origin: string;
  command: BackplaneCommand;
}

/** What travels on a process's relay channel. */
type RelayMessage =
  | { kind: 'request'; id: number; from: string; request: RelayedRequest }
  | { kind: 'cancel'; id: number; from: string }
  | { kind: 'answer'; id: number; answer: RelayAnswer };

export interface RedisBackplaneOptions {
  redisUrl: string;
  redisPrefix: string;
  redisProcessTtlMs: number;
}

export class RedisBackplane implements HubBackplane, ConnectionRelay {
  readonly processId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly relay: ConnectionRelay = this;

  private readonly channel: string;
  private readonly processesKey: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private heartbeat?: NodeJS.Timeout;
  private localEntries: () => HubOnlineConnection[] = () => [];
  private failing = false;
  /** Presence changes not yet written: the entry of a connection that arrived, null for one that left. */
  private readonly pendingPresence = new Map<string, HubOnlineConnection | null>();
  private presenceWrite?: NodeJS.Immediate;
  private readonly relayChannel: string;
  /** Tokens of the Long Polling and SSE connections held here (their owner keys are refreshed with the heartbeat). */
  private readonly owned = new Set<string>();
  private relaySequence = 0;
  /** Requests this process forwarded, by id: how to hand each its answer. */
  private readonly awaitingAnswers = new Map<number, (answer: RelayAnswer | undefined) => void>();
  /** Requests forwarded here and being served, by sender and id: how to withdraw each. */
  private readonly serving = new Map<string, AbortController>();
  private serveRelayed: (request: RelayedRequest, signal: AbortSignal) => Promise<RelayAnswer> = async () => ({ status: 404 });

  constructor(private readonly options: RedisBackplaneOptions) {
    this.channel = `${options.redisPrefix}bus`;
    this.processesKey = `${options.redisPrefix}processes`;
    this.relayChannel = this.relayChannelOf(this.processId);
    // Commands fail after a few reconnection attempts instead of queueing for the whole outage.
    const connection = { maxRetriesPerRequest: 3, lazyConnect: true };
    this.publisher = new Redis(options.redisUrl, { ...connection, connectionName: 'hub-publisher' });
    this.subscriber = new Redis(options.redisUrl, { ...connection, connectionName: 'hub-subscriber' });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.reportFailure('connection', error));
    }
  }

  async start(deliver: (command: BackplaneCommand) => void, localEntries: () => HubOnlineConnection[]): Promise<void> {
    this.localEntries = localEntries;
    this.subscriber.on('message', (channel: string, text: string) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        logger.warn(`Ignored a message on ${channel} that is not JSON`);
        return;
      }
      if (channel === this.relayChannel) this.onRelayMessage(message as RelayMessage);
      else if ((message as Envelope).origin !== this.processId) deliver((message as Envelope).command);
    });
    // A process with REDIS_URL set must not run alone unnoticed: an unreachable Redis fails startup.
    try {
      await Promise.all([openConnection(this.publisher), openConnection(this.subscriber)]);
      await this.subscriber.subscribe(this.channel, this.relayChannel);
    } catch (error) {
      this.publisher.disconnect();
      this.subscriber.disconnect();
      throw new Error(`The hub cannot reach Redis at REDIS_URL: ${(error as Error).message}`);
    }
    await this.beat();
    // After a reconnection Redis may have lost our keys (restart, failover): write them again.
    this.publisher.on('ready', () => void this.republish());
    this.heartbeat = setInterval(() => void this.beat(), Math.max(100, Math.floor(this.options.redisProcessTtlMs / 3)));
    this.heartbeat.unref();
    logger.log(`Redis backplane started as ${this.processId}`);
  }

  async publish(command: BackplaneCommand): Promise<void> {
    const envelope: Envelope = { origin: this.processId, command };
    await this.attempt('publish', () => this.publisher.publish(this.channel, JSON.stringify(envelope)));
  }

  // Connections arrive and leave by the thousand when clients reconnect after a restart: their presence
  // is written once per turn of the event loop, in one transaction, rather than one per connection.

  register(entry: HubOnlineConnection): void {
    this.pendingPresence.set(entry.connectionId, entry);
    this.presenceWrite ??= setImmediate(() => this.writePresence());
  }

  unregister(connectionId: string): void {
    this.pendingPresence.set(connectionId, null);
    this.presenceWrite ??= setImmediate(() => this.writePresence());
  }

  /** Sends the pending presence changes (their commands go before any sent after this call). */
  private writePresence(): void {
    clearImmediate(this.presenceWrite);
    this.presenceWrite = undefined;
    if (this.pendingPresence.size === 0) return;
    const key = this.connectionsKey(this.processId);
    const fields: string[] = [];
    const gone: string[] = [];
    for (const [connectionId, entry] of this.pendingPresence) {
      if (entry) fields.push(connectionId, JSON.stringify(entry));
      else gone.push(connectionId);
    }
    this.pendingPresence.clear();
    const write = this.publisher.multi();
    if (fields.length > 0) write.hset(key, ...fields);
    if (gone.length > 0) write.hdel(key, ...gone);
    void this.attempt('presence', () => write.pexpire(key, this.options.redisProcessTtlMs).exec());
  }

  async online(): Promise<HubOnlineConnection[]> {
    // What this process registered is listed at once, as if written one by one.
    this.writePresence();
    const processIds = await this.publisher.smembers(this.processesKey);
    const reads = this.publisher.pipeline();
    for (const id of processIds) reads.exists(this.aliveKey(id)).hvals(this.connectionsKey(id));
    const replies = (await reads.exec()) ?? [];
    const entries: HubOnlineConnection[] = [];
    const gone: string[] = [];
    processIds.forEach((id, index) => {
      const [aliveError, alive] = replies[2 * index];
      const [valuesError, values] = replies[2 * index + 1];
      if (aliveError || valuesError) throw aliveError ?? valuesError;
      if (alive === 0) gone.push(id);
      else for (const value of values as string[]) entries.push(JSON.parse(value) as HubOnlineConnection);
    });
    if (gone.length > 0) void this.forget(gone);
    return entries;
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const finish of [...this.awaitingAnswers.values()]) finish(undefined);
    for (const controller of this.serving.values()) controller.abort();
    if (this.owned.size > 0) await this.attempt('relay owners', () => this.publisher.del(...[...this.owned].map((token) => this.ownerKey(token))));
    this.owned.clear();
    clearImmediate(this.presenceWrite);
    this.presenceWrite = undefined;
    this.pendingPresence.clear();
    await this.forget([this.processId]);
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }

  private async beat(): Promise<void> {
    const ttl = this.options.redisProcessTtlMs;
    await this.attempt('heartbeat', () =>
      this.publisher
        .multi()
        .set(this.aliveKey(this.processId), '1', 'PX', ttl)
        .pexpire(this.connectionsKey(this.processId), ttl)
        .sadd(this.processesKey, this.processId)
        .exec(),
    );
    if (this.owned.size === 0) return;
    const refresh = this.publisher.pipeline();
    for (const token of this.owned) refresh.set(this.ownerKey(token), this.processId, 'PX', ttl);
    await this.attempt('relay owners', () => refresh.exec());
  }

  // ---- ConnectionRelay (see connection-relay.ts) ----

  async offer(connection: OfferedConnection, ttlMs: number): Promise<void> {
    await this.attempt('relay offer', () => this.publisher.set(this.offerKey(connection.connectionToken), JSON.stringify(connection), 'PX', ttlMs));
  }

  async take(connectionToken: string): Promise<OfferedConnection | null> {
    try {
      const text = await this.publisher.getdel(this.offerKey(connectionToken));
      return text ? (JSON.parse(text) as OfferedConnection) : null;
    } catch (error) {
      this.reportFailure('relay take', error as Error);
      return null;
    }
  }

  own(connectionToken: string): void {
    this.owned.add(connectionToken);
    void this.attempt('relay owner', () => this.publisher.set(this.ownerKey(connectionToken), this.processId, 'PX', this.options.redisProcessTtlMs));
  }

  disown(connectionToken: string): void {
    if (!this.owned.delete(connectionToken)) return;
    void this.attempt('relay owner', () => this.publisher.del(this.ownerKey(connectionToken)));
  }

  async forward(request: RelayedRequest, timeoutMs: number, signal?: AbortSignal): Promise<RelayAnswer | undefined> {
    let owner: string | null;
    try {
      owner = await this.publisher.get(this.ownerKey(request.token));
    } catch (error) {
      this.reportFailure('relay owner', error as Error);
      return undefined;
    }
    if (!owner || owner === this.processId || signal?.aborted) return undefined;
    const id = ++this.relaySequence;
    const target = owner;
    return new Promise((resolve) => {
      const finish = (answer: RelayAnswer | undefined) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', withdraw);
        this.awaitingAnswers.delete(id);
        resolve(answer);
      };
      const withdraw = () => {
        void this.sendRelay(target, { kind: 'cancel', id, from: this.processId });
        finish(undefined);
      };
      const timer = setTimeout(withdraw, timeoutMs);
      signal?.addEventListener('abort', withdraw, { once: true });
      this.awaitingAnswers.set(id, finish);
      void this.sendRelay(target, { kind: 'request', id, from: this.processId, request });
    });
  }

  serve(handler: (request: RelayedRequest, signal: AbortSignal) => Promise<RelayAnswer>): void {
    this.serveRelayed = handler;
  }

  private onRelayMessage(message: RelayMessage): void {
    switch (message.kind) {
      case 'answer':
        this.awaitingAnswers.get(message.id)?.(message.answer);
        return;
      case 'cancel':
        this.serving.get(`${message.from}#${message.id}`)?.abort();
        return;
      case 'request': {
        const key = `${message.from}#${message.id}`;
        const controller = new AbortController();
        this.serving.set(key, controller);
        // Served in the background: the channel's handler cannot wait, and a failure is answered with a 500 below.
        void this.serveRelayed(message.request, controller.signal)
          .catch((error: Error): RelayAnswer => {
            logger.error(`A relayed ${message.request.op} failed`, error.stack);
            return { status: 500, body: 'Internal server error' };
          })
          .then((answer) => {
            this.serving.delete(key);
            if (!controller.signal.aborted) void this.sendRelay(message.from, { kind: 'answer', id: message.id, answer });
          });
        return;
      }
    }
  }

  private sendRelay(processId: string, message: RelayMessage): Promise<void> {
    return this.attempt('relay', () => this.publisher.publish(this.relayChannelOf(processId), JSON.stringify(message)));
  }

  private async republish(): Promise<void> {
    const key = this.connectionsKey(this.processId);
    const entries = this.localEntries();
    const write = this.publisher.multi().del(key);
    for (const entry of entries) write.hset(key, entry.connectionId, JSON.stringify(entry));
    await this.attempt('presence', () => write.exec());
    await this.beat();
  }

  /** Removes the keys of processes that stopped or died. */
  private async forget(processIds: string[]): Promise<void> {
    const removal = this.publisher.multi().srem(this.processesKey, ...processIds);
    for (const id of processIds) removal.del(this.aliveKey(id), this.connectionsKey(id));
    await this.attempt('cleanup', () => removal.exec());
  }

  /** Runs a Redis write; a failure is logged once per outage and never thrown. */
  private async attempt(what: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
      if (this.failing) logger.log('Redis backplane reachable again');
      this.failing = false;
    } catch (error) {
      this.reportFailure(what, error as Error);
    }
  }

  private reportFailure(what: string, error: Error): void {
    if (this.failing) return;
    this.failing = true;
    logger.error(`Redis backplane failing (${what}): ${error.message}; messages to other processes are lost until it recovers`);
  }

  private relayChannelOf(processId: string): string {
    return `${this.options.redisPrefix}relay:${processId}`;
  }

  private offerKey(connectionToken: string): string {
    return `${this.options.redisPrefix}offer:${connectionToken}`;
  }

  private ownerKey(connectionToken: string): string {
    return `${this.options.redisPrefix}owner:${connectionToken}`;
  }

  private aliveKey(processId: string): string {
    return `${this.options.redisPrefix}process:${processId}:alive`;
  }

  private connectionsKey(processId: string): string {
    return `${this.options.redisPrefix}process:${processId}:connections`;
  }
}
