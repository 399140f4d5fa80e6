// Time passing without waiting for it, in suites that run a real server in this process.
import { jest } from '@jest/globals';

/** Everything jest can fake but the wall clock: timers, ticks and hrtime stay real for sockets, pools and the server. */
const KEPT_REAL = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Runs `work` with this process's wall clock (`Date`) moved `ms` ahead and still ticking: for rules that
 * read Date.now (how long a cache trusts what it holds, lifetimes) where the waiting is not what is tested.
 */
export async function withClockAhead<T>(ms: number, work: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: [...KEPT_REAL], now: Date.now() + ms, advanceTimers: true });
  try {
    return await work();
  } finally {
    jest.useRealTimers();
  }
}
