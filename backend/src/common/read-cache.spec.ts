import { jest } from '@jest/globals';
import { ReadCache } from './read-cache.js';

describe('ReadCache', () => {
  const reader = (values: string[]) => {
    let reads = 0;
    return {
      read: () => Promise.resolve(values[reads++] ?? 'none'),
      get count() {
        return reads;
      },
    };
  };

  it('serves a value read once to every call until it is older than its lifetime', async () => {
    const cache = new ReadCache<string, string>(50);
    const source = reader(['first', 'second']);
    expect(await Promise.all([cache.get('k', source.read), cache.get('k', source.read)])).toEqual(['first', 'first']);
    expect(source.count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', source.read)).toBe('second');
    expect(source.count).toBe(2);
  });

  it('ages its entries on the monotonic clock: a jump of the wall clock (the demo loader moves Date on by days) keeps them', async () => {
    const cache = new ReadCache<string, string>(60_000);
    const source = reader(['first', 'second']);
    expect(await cache.get('k', source.read)).toBe('first');
    const days = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 3 * 86_400_000);
    try {
      expect(await cache.get('k', source.read)).toBe('first');
      expect(source.count).toBe(1);
    } finally {
      days.mockRestore();
    }
  });

  it('forgets one key on news of its change, and keeps the others', async () => {
    const cache = new ReadCache<string, string>(60_000);
    const a = reader(['a1', 'a2']);
    const b = reader(['b1', 'b2']);
    await Promise.all([cache.get('a', a.read), cache.get('b', b.read)]);
    cache.forget('a');
    expect(await cache.get('a', a.read)).toBe('a2');
    expect(await cache.get('b', b.read)).toBe('b1');
  });

  it('reads again after clear, and does not keep a read that was under way when it came', async () => {
    const cache = new ReadCache<string, string>(60_000);
    let finish!: (value: string) => void;
    const early = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('before the change');
    expect(await early).toBe('before the change');
    expect(await cache.get('k', () => Promise.resolve('after the change'))).toBe('after the change');
  });

  it('does not keep a failed read', async () => {
    const cache = new ReadCache<string, string>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('k', () => Promise.resolve('back'))).toBe('back');
  });

  it('starts afresh rather than growing past its size', async () => {
    const cache = new ReadCache<number, number>(60_000, 2);
    let reads = 0;
    const read = (n: number) => () => Promise.resolve((reads++, n));
    await cache.get(1, read(1));
    await cache.get(2, read(2));
    await cache.get(3, read(3));
    await cache.get(3, read(3));
    expect(reads).toBe(3);
    await cache.get(1, read(1));
    expect(reads).toBe(4);
  });
});
