import { useEffect, useEffectEvent } from 'react';

/** How long work asked for at an idle moment waits at most when the browser has none (a busy page). */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Runs `work` once `when` is true, at the browser's next idle moment (at most a second later), so that
 * work a screen can do ahead of time (preloading code a click will need) does not run before the frame
 * that shows what the screen is for. Cancelled if the component goes or `when` turns false first; a new
 * `work` on a later render does not start the wait over. Browsers without requestIdleCallback (Safari)
 * wait for the next task after a frame.
 */
export function useWhenIdle(when: boolean, work: () => void): void {
  const run = useEffectEvent(work);
  useEffect(() => {
    if (!when) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => run())));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [when]);
}
