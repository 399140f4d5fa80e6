import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { getTheme } from '@/app/theme';

// nprogress's own template gives its bar role="bar", which is no ARIA role (axe: aria-roles, critical)
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  trickleSpeed: 800,
  showSpinner: false,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Navigations and page chunks load at the same time; the bar ends when the last of them is done. */
let running = 0;

function start(): void {
  running += 1;
  // the theme option showProgressBar; done() on a bar never started does nothing
  if (running === 1 && getTheme().showProgressBar) NProgress.start();
}

function done(): void {
  running = Math.max(0, running - 1);
  if (running === 0) NProgress.done();
}

/** Shows the progress bar while `active` is true (and the component is mounted). */
export function useProgress(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    start();
    return done;
  }, [active]);
}

/** A short run of the bar, so a reload that renders instantly is still visibly a reload. */
export function flashProgress(): void {
  start();
  setTimeout(done, 200);
}
