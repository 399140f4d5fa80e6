/**
 * Where sign-in limits keep their counts: the throttler's hit windows, and the counters and locks of the
 * sign-in attempts (see LoginAttemptsService). In Redis when REDIS_URL is set, so that every process of
 * an installation counts together; in this process's memory otherwise. Every entry expires by itself.
 */
import { HttpStatus, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { AppError } from '../common/app-error.js';

export interface RateStore extends ThrottlerStorage, OnApplicationShutdown {
  /** Adds one to a counter that lives ttlMs from its first hit; answers the new count. */
  hit(key: string, ttlMs: number): Promise<number>;
  /** Sets a lock that lasts ms. */
  lock(key: string, ms: number): Promise<void>;
  /** Milliseconds left on a lock, 0 when there is none. */
  lockedFor(key: string): Promise<number>;
  forget(...keys: string[]): Promise<void>;
  /** Resolves when the store answers (readiness, operations/health); rejects when it cannot be reached. */
  ping(): Promise<void>;
}

export const RATE_STORE = Symbol('RATE_STORE');

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One process alone: the throttler's own in-memory storage, and a map of counters swept as they expire. */
export class MemoryRateStore extends ThrottlerStorageService implements RateStore {
  private readonly entries = new Map<string, { value: number; expiresAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async hit(key: string, ttlMs: number): Promise<number> {
    const entry = this.live(key);
    if (entry) return ++entry.value;
    this.entries.set(key, { value: 1, expiresAt: Date.now() + ttlMs });
    return 1;
  }

  async lock(key: string, ms: number): Promise<void> {
    this.entries.set(key, { value: 1, expiresAt: Date.now() + ms });
  }

  async lockedFor(key: string): Promise<number> {
    const entry = this.live(key);
    return entry ? entry.expiresAt - Date.now() : 0;
  }

  async forget(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async ping(): Promise<void> {}

  override onApplicationShutdown() {
    clearInterval(this.sweeper);
    this.entries.clear();
    super.onApplicationShutdown();
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) this.entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry : undefined;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/**
 * The throttler's window in Redis, atomic in one script: a fixed window of `ttl` ms counted in KEYS[1];
 * past `limit` hits the caller is blocked for `blockDuration` ms (KEYS[2]) and the window starts afresh
 * when the block ends. Answers [hits, ms left in the window, blocked 0/1, ms left of the block].
 */
const INCREMENT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  return {tonumber(redis.call('GET', KEYS[2])), math.max(redis.call('PTTL', KEYS[1]), 0), 1, blocked}
end
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  local block = tonumber(ARGV[3])
  if block <= 0 then block = ttl end
  redis.call('SET', KEYS[2], hits, 'PX', block)
  redis.call('DEL', KEYS[1])
  return {hits, ttl, 1, block}
end
return {hits, ttl, 0, 0}
`;

/** A counter that expires ttl ms (ARGV[1]) after its first hit. */
const HIT = `
local value = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return value
`;

type ScriptedRedis = Redis & {
  throttle(hits: string, block: string, ttl: number, limit: number, blockDuration: number): Promise<[number, number, number, number]>;
  counter(key: string, ttl: number): Promise<number>;
};

const logger = new Logger('RateStore');

export class RedisRateStore implements RateStore {
  private readonly redis: ScriptedRedis;

  /** `prefix` keeps the keys of one installation (or one test) apart from others on the same Redis. */
  constructor(url: string, prefix: string) {
    // Commands fail after a few reconnection attempts instead of queueing sign-ins for the whole outage.
    const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, connectionName: 'rate-store' });
    redis.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
    redis.defineCommand('throttle', { numberOfKeys: 2, lua: INCREMENT });
    redis.defineCommand('counter', { numberOfKeys: 1, lua: HIT });
    this.redis = redis as ScriptedRedis;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const [totalHits, windowMs, blocked, blockMs] = await unavailableOnFailure(this.redis.throttle(`t:${key}`, `t:${key}:block`, ttl, limit, blockDuration));
    return { totalHits, timeToExpire: Math.ceil(windowMs / 1000), isBlocked: blocked === 1, timeToBlockExpire: Math.ceil(blockMs / 1000) };
  }

  hit(key: string, ttlMs: number): Promise<number> {
    return unavailableOnFailure(this.redis.counter(key, ttlMs));
  }

  async lock(key: string, ms: number): Promise<void> {
    await unavailableOnFailure(this.redis.set(key, 1, 'PX', ms));
  }

  async lockedFor(key: string): Promise<number> {
    return Math.max(0, await unavailableOnFailure(this.redis.pttl(key)));
  }

  async forget(...keys: string[]): Promise<void> {
    if (keys.length) await unavailableOnFailure(this.redis.del(...keys));
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async onApplicationShutdown() {
    // quit waits for the answers still due; a client that is not connected only stops reconnecting
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/**
 * Without its counts the server cannot tell an attack from a user: it refuses the public routes (503,
 * written to the error log) rather than let them through unlimited while Redis is unreachable.
 */
async function unavailableOnFailure<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    logger.error(`Redis command failed: ${(error as Error).message}`);
    throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'rateStoreUnavailable');
  }
}
