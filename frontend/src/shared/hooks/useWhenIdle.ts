import { useEffect } from 'react';

/** How long work asked for at an idle moment waits at most when the browser has none (a busy page). */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Runs `work` once `when` is true, at the browser's next idle moment (at most a second later), so that
 * work a screen can do ahead of time (preloading code a click will need) does not run before the frame
 * that shows what the screen is for. Cancelled if the component goes or `when` turns false first.
 * Browsers without requestIdleCallback (Safari before 18) wait for the next task after a frame.
 */
export function useWhenIdle(when: boolean, work: () => void): void {
  useEffect(() => {
    if (!when) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(work)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // `work` is the caller's: a new closure each render must not start over
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [when]);
}
