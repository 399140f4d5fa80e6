import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How often the event loop's use is read. */
export const IDLE_CHECK_MS = 1_000;
/**
 * How long the process must have been idle before the young generation is given back: V8 shrinks it at a
 * collection only once its allocation rate over the last 5 s is low (measured: 32 MB → 1 MB at a minor
 * collection 6 s after a load, unchanged at 0.5, 2 and 4 s).
 */
export const IDLE_TRIM_AFTER_MS = 6_000;
/**
 * A second in which the event loop worked less than this share of the time is idle: timers, a probe, a periodic
 * job's few tens of milliseconds (an idle server's seconds measured 0.03–0.5 %, with blips of 3–5 %), a user's
 * occasional call.
 */
export const IDLE_UTILIZATION = 0.1;

export interface IdleTrimOptions {
  /** the event loop's use since the last call, 0–1 (default: Node's event loop utilization) */
  utilization?: () => number;
  checkEveryMs?: number;
  idleForMs?: number;
}

/** Node's event loop utilization since the previous call. */
function eventLoopUse(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/**
 * V8's collections where the process was started with --expose-gc (scripts/lib/server-runtime.mjs): a full one
 * (what a load left in the old generation, such as an export's buffers, given back), then a minor one, at which V8
 * shrinks the young generation (not at the full one).
 */
export function exposedCollections(): (() => void) | undefined {
  const collect = globalThis.gc;
  return collect
    ? () => {
        collect({ type: 'major' });
        collect({ type: 'minor' });
      }
    : undefined;
}

/**
 * Gives V8's young generation back once the server has gone idle after work. The server runs with V8's
 * 16 MB semi-spaces (scripts/lib/server-runtime.mjs): a load grows the young generation to 32 MB, and a request's
 * garbage is collected a quarter as often as with 4 MB (7–22 % less CPU per call in bench:orders, docs/performance.md). V8
 * keeps those 32 MB committed until its memory reducer runs, 20–30 s or more after the load; collecting once the
 * process has been idle `idleForMs` gives them back then, so the server at rest holds what it held with 4 MB
 * semi-spaces (issue 15's memory at rest). The two collections take a few milliseconds (measured 6 and 1 ms, a 70 MB heap).
 *
 * One collection per idle spell, and only after a busy one: an idle server is never woken. Does nothing
 * without `collect` (a process started without --expose-gc keeps V8's own pace). Answers a stop function.
 */
export function trimYoungGenerationWhenIdle(collect: (() => void) | undefined = exposedCollections(), options: IdleTrimOptions = {}): () => void {
  if (!collect) return () => {};
  const utilization = options.utilization ?? eventLoopUse();
  const checkEveryMs = options.checkEveryMs ?? IDLE_CHECK_MS;
  const idleForMs = options.idleForMs ?? IDLE_TRIM_AFTER_MS;
  let busySinceTrim = false;
  let idleMs = 0;
  const timer = setInterval(() => {
    if (utilization() >= IDLE_UTILIZATION) {
      busySinceTrim = true;
      idleMs = 0;
      return;
    }
    idleMs += checkEveryMs;
    if (busySinceTrim && idleMs >= idleForMs) {
      busySinceTrim = false;
      collect();
    }
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
