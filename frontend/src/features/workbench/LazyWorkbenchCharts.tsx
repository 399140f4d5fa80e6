import { lazy, Suspense, useEffect, useState } from 'react';

const WorkbenchCharts = lazy(async () => ({ default: (await import('./WorkbenchCharts')).WorkbenchCharts }));

/**
 * The workbench's charts, with chart.js, loaded once the page has drawn and the browser is idle (at most
 * 2 s later): not among the first screen's scripts (e2e/bundle-budget.e2e.ts) nor its main-thread work.
 */
export function LazyWorkbenchCharts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setWanted(true), 500);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setWanted(true), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <WorkbenchCharts />
    </Suspense>
  ) : null;
}
