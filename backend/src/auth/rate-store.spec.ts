import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MemoryRateStore, RedisRateStore, type RateStore } from './rate-store.js';

const REDIS_URL = process.env.REDIS_URL;
/**
 * Each store with the way time passes for it: the memory store reads this process's clock, so a fake one is
 * moved on; Redis expires keys by its own clock, so there the waiting is the point and is real.
 */
type Clock = { fake: boolean; elapse: (ms: number) => Promise<unknown> };
const fakeClock: Clock = { fake: true, elapse: (ms) => jest.advanceTimersByTimeAsync(ms) };
const realClock: Clock = { fake: false, elapse: (ms) => sleep(ms) };
const stores: [string, () => RateStore, Clock][] = [
  ['in memory', () => new MemoryRateStore(), fakeClock],
  ...(REDIS_URL
    ? ([['in Redis', () => new RedisRateStore(REDIS_URL, `fwd:rate:spec:${randomBytes(4).toString('hex')}:`), realClock]] as [string, () => RateStore, Clock][])
    : []),
];
if (!REDIS_URL) console.warn('rate-store: the Redis store is not tried, that needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379)');

describe.each(stores)('the rate store %s', (_, create, clock) => {
  let store: RateStore;
  beforeEach(() => {
    if (clock.fake) jest.useFakeTimers();
    store = create();
  });
  afterEach(async () => {
    await store.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('counts hits in a window and blocks past the limit for the block duration, then starts afresh', async () => {
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await store.increment('k', 5_000, 3, 300, 'default'));
    expect(seen.map((r) => [r.totalHits, r.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(seen[0].timeToExpire).toBe(5);
    expect(seen[3].timeToBlockExpire).toBe(1);
    // blocked calls do not count
    expect((await store.increment('k', 5_000, 3, 300, 'default')).isBlocked).toBe(true);
    await clock.elapse(350);
    const after = await store.increment('k', 5_000, 3, 300, 'default');
    expect([after.totalHits, after.isBlocked]).toEqual([1, false]);
  });

  it('keeps keys apart', async () => {
    for (let i = 0; i < 3; i++) await store.increment('a', 5_000, 2, 1_000, 'default');
    expect((await store.increment('b', 5_000, 2, 1_000, 'default')).isBlocked).toBe(false);
  });

  it('keeps counters for their time from the first hit, and locks for theirs', async () => {
    expect([await store.hit('c', 200), await store.hit('c', 200), await store.hit('c', 200)]).toEqual([1, 2, 3]);
    await clock.elapse(250);
    expect(await store.hit('c', 200)).toBe(1);

    expect(await store.lockedFor('l')).toBe(0);
    await store.lock('l', 300);
    const left = await store.lockedFor('l');
    expect(left).toBeGreaterThan(200);
    expect(left).toBeLessThanOrEqual(300);
    await store.forget('l', 'c');
    expect(await store.lockedFor('l')).toBe(0);
    expect(await store.hit('c', 200)).toBe(1);
  });
});

describe('the rate store in Redis, when Redis cannot be reached', () => {
  it('refuses with 503 rather than let calls through unlimited', async () => {
    const store: RateStore = new RedisRateStore('redis://127.0.0.1:1', 'fwd:rate:spec:');
    try {
      await expect(store.increment('k', 1_000, 1, 1_000, 'default')).rejects.toMatchObject({ status: 503, key: 'rateStoreUnavailable' });
      await expect(store.lockedFor('l')).rejects.toMatchObject({ status: 503 });
    } finally {
      await store.onApplicationShutdown();
    }
  });
});
