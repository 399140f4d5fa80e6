/**
 * What one server process tells the others of an installation: that a cache of theirs is stale (a role's
 * grants, a user, the system parameters, a session that ended, the dictionaries, the menus). Through Redis when REDIS_URL is set, every
 * process subscribing to one channel; with no Redis the process is alone and only its own listeners hear.
 *
 * `broadcast` runs this process's listeners at once (the process that made a change sees it on its very
 * next request) and publishes to the others, who run theirs when the message arrives (milliseconds). A
 * lost message (Redis down) costs at most the cache's own lifetime: every cache still expires by itself.
 * What must hold everywhere before its answer leaves (a session ended) awaits `broadcast`: it settles once
 * Redis has handed the message to every subscribed process (its reply to PUBLISH comes after), or after
 * SENT_WAIT_MS, or at once when Redis fails; it never rejects.
 */
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { openConnection } from '../common/redis-connection.js';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** The news a process can broadcast, and what each carries. */
export interface ClusterTopics {
  /** A user's grants changed (roles, status, deletion), or every user's (a role's permissions): no userId. */
  grants: { userId?: number };
  /** A system parameter changed. */
  settings: Record<string, never>;
  /** A session ended (sign-out, kick-out, disabling, password change, refresh-token reuse). */
  sessionEnded: { sessionId: string };
  /** A dictionary or one of its values changed. */
  dictionaries: Record<string, never>;
  /** The menu tree changed. */
  menus: Record<string, never>;
  /** A port was added, changed or deleted. */
  ports: Record<string, never>;
}

export type ClusterTopic = keyof ClusterTopics;

/** The news that some tables were written, carrying nothing: what the caches of reads of those tables listen for. */
export type TableTopic = 'dictionaries' | 'menus' | 'ports';

/** What tells of the writes committed through the database client (PrismaService.onCommitted): the models written. */
export interface CommittedWrites {
  onCommitted(listener: (tables: ReadonlySet<string>) => void): void;
}

/** The longest a broadcast is waited for (a slow Redis does not hold a sign-out longer). */
export const SENT_WAIT_MS = 500;

/** How messages reach the other processes: none (alone) or a Redis channel. */
export interface ClusterTransport {
  start(receive: (text: string) => void): Promise<void>;
  /** Settles (never rejects) once every other process has been sent `text`, or it could not be. */
  send(text: string): Promise<void>;
  stop(): Promise<void>;
}

interface Envelope<T extends ClusterTopic = ClusterTopic> {
  origin: string;
  topic: T;
  payload: ClusterTopics[T];
}

const logger = new Logger('ClusterBus');

export class ClusterBus {
  readonly processId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly listeners = new Map<ClusterTopic, Array<(payload: never) => void>>();

  constructor(private readonly transport?: ClusterTransport) {}

  on<T extends ClusterTopic>(topic: T, listener: (payload: ClusterTopics[T]) => void): void {
    const list = this.listeners.get(topic) ?? [];
    list.push(listener);
    this.listeners.set(topic, list);
  }

  /**
   * Runs `forget` in every process as soon as one of them commits a write to any of `tables` (Prisma model
   * names) through the database client, however it was made: what a cache of reads of those tables calls
   * (common/read-cache.ts). This process forgets before the write's caller goes on; the others when the news
   * `topic` arrives.
   */
  forgetOnWrites(client: CommittedWrites, tables: readonly string[], topic: TableTopic, forget: () => void): void {
    client.onCommitted((written) => void (tables.some((table) => written.has(table)) && this.broadcast(topic, {})));
    this.on(topic, forget);
  }

  /**
   * Runs this process's listeners now and tells every other process; settles when they have been sent the
   * news (or SENT_WAIT_MS later, or at once without Redis or when it fails). Never throws nor rejects.
   */
  broadcast<T extends ClusterTopic>(topic: T, payload: ClusterTopics[T]): Promise<void> {
    this.deliver(topic, payload);
    if (!this.transport) return Promise.resolve();
    const envelope: Envelope<T> = { origin: this.processId, topic, payload };
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, SENT_WAIT_MS)));
    return Promise.race([this.transport.send(JSON.stringify(envelope)), waited]).finally(() => clearTimeout(timer));
  }

  async start(): Promise<void> {
    await this.transport?.start((text) => this.receive(text));
  }

  async stop(): Promise<void> {
    await this.transport?.stop();
  }

  private receive(text: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      logger.warn('ignored a cluster message that is not JSON');
      return;
    }
    if (envelope.origin !== this.processId) this.deliver(envelope.topic, envelope.payload);
  }

  private deliver<T extends ClusterTopic>(topic: T, payload: ClusterTopics[T]) {
    for (const listener of this.listeners.get(topic) ?? []) {
      try {
        (listener as (payload: ClusterTopics[T]) => void)(payload);
      } catch (error) {
        logger.error(`a listener of "${topic}" failed: ${(error as Error).message}`);
      }
    }
  }
}

/** One Redis channel, `<prefix>events`, shared by every process of the installation. */
export class RedisClusterTransport implements ClusterTransport {
  private readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private failing = false;

  constructor(redisUrl: string, prefix: string) {
    this.channel = `${prefix}events`;
    const connection = { maxRetriesPerRequest: 3, lazyConnect: true };
    this.publisher = new Redis(redisUrl, { ...connection, connectionName: 'cluster-publisher' });
    this.subscriber = new Redis(redisUrl, { ...connection, connectionName: 'cluster-subscriber' });
    for (const client of [this.publisher, this.subscriber]) client.on('error', (error: Error) => this.report(error));
  }

  async start(receive: (text: string) => void): Promise<void> {
    this.subscriber.on('message', (_channel: string, text: string) => receive(text));
    // As for the hub: a process with REDIS_URL set must not run alone unnoticed.
    try {
      await Promise.all([openConnection(this.publisher), openConnection(this.subscriber)]);
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      this.publisher.disconnect();
      this.subscriber.disconnect();
      throw new Error(`The server cannot reach Redis at REDIS_URL: ${(error as Error).message}`);
    }
  }

  send(text: string): Promise<void> {
    return this.publisher.publish(this.channel, text).then(
      () => {
        if (this.failing) logger.log('Redis reachable again: caches follow changes across processes');
        this.failing = false;
      },
      (error: Error) => this.report(error),
    );
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }

  private report(error: Error) {
    if (this.failing) return;
    this.failing = true;
    logger.warn(`Redis unreachable (${error.message}): other processes see changes when their caches expire`);
  }
}
