import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const WorkbenchCharts = lazy(async () => ({ default: (await import('./WorkbenchCharts')).WorkbenchCharts }));

/**
 * The workbench's charts, with chart.js, loaded when their place (below the counts, out of view on a
 * 1440×900 screen once the cards above have their data) is in view, or 10 s after the page drew: neither among the first screen's scripts
 * (e2e/bundle-budget.e2e.ts) nor in its main-thread work.
 */
export function LazyWorkbenchCharts() {
  const [wanted, setWanted] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wanted || !place.current) return;
    // (a browser without IntersectionObserver, as jsdom, waits for the timer alone)
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setWanted(true));
    // watched once the cards above have had their data and their height (while they load, the place is in view)
    const settled = setTimeout(() => place.current && observer?.observe(place.current), 1500);
    // a user who stays on the page without scrolling has them drawn once the page has long settled
    const timer = setTimeout(() => setWanted(true), 10_000);
    return () => {
      observer?.disconnect();
      clearTimeout(settled);
      clearTimeout(timer);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={<div style={{ minHeight: 1 }} />}>
      <WorkbenchCharts />
    </Suspense>
  ) : (
    <div ref={place} style={{ minHeight: 1 }} data-testid="workbench-charts-place" />
  );
}
