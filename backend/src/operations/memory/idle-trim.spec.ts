import { jest } from '@jest/globals';
import { IDLE_CHECK_MS, IDLE_TRIM_AFTER_MS, trimYoungGenerationWhenIdle } from './idle-trim.js';

describe('trimYoungGenerationWhenIdle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Runs the trim over seconds whose event loop use is `uses` (one per check); answers when it collected (check numbers). */
  function run(uses: number[]): number[] {
    const collected: number[] = [];
    let check = 0;
    const stop = trimYoungGenerationWhenIdle(() => collected.push(check), { utilization: () => uses[check++] ?? 0 });
    jest.advanceTimersByTime(uses.length * IDLE_CHECK_MS);
    stop();
    return collected;
  }

  const idleChecks = IDLE_TRIM_AFTER_MS / IDLE_CHECK_MS;
  const idle = (n: number) => Array<number>(n).fill(0.001);

  it('collects once, when the process has been idle long enough after work', () => {
    expect(run([0.9, 0.8, ...idle(idleChecks + 5)])).toEqual([2 + idleChecks]);
  });

  it('never wakes a process that has not worked since', () => {
    expect(run(idle(3 * idleChecks))).toEqual([]);
    expect(run([0.9, ...idle(idleChecks), ...idle(3 * idleChecks)])).toHaveLength(1);
  });

  it('waits while work goes on, and counts the idle time again after each busy second', () => {
    expect(run([0.9, ...idle(idleChecks - 1), 0.5, ...idle(idleChecks - 1)])).toEqual([]);
    expect(run([0.9, ...idle(idleChecks - 1), 0.5, ...idle(idleChecks)])).toEqual([1 + idleChecks + idleChecks]);
  });

  it('collects again after a new spell of work', () => {
    expect(run([0.9, ...idle(idleChecks), 0.7, ...idle(idleChecks)])).toEqual([1 + idleChecks, 2 + 2 * idleChecks]);
  });

  it('sets no timer where the process has no collection to call (started without --expose-gc)', () => {
    trimYoungGenerationWhenIdle(undefined);
    expect(jest.getTimerCount()).toBe(0);
    const stop = trimYoungGenerationWhenIdle(() => {});
    expect(jest.getTimerCount()).toBe(1);
    stop();
    expect(jest.getTimerCount()).toBe(0);
  });
});
