import { Suspense, useEffect, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { matchRoutes, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { useProgress } from '@/app/progress';
import { createStore, useStore } from '@/shared/store/createStore';

export interface GuardedRoute {
  path: string;
  /**
   * Decides before the page shows: where to send the user instead, or null to show it. A guard that
   * throws (the server away for a moment) shows the error page of the nearest ErrorBoundary.
   */
  guard?: (location: Location) => string | null | Promise<string | null>;
  element: ReactNode;
}

/** Counts the requests to decide on the current page again. */
const rechecks = createStore({ count: 0 });

/** Runs the current page's guard again, as after a pushed route tree that may have dropped the page. */
export function recheckRoute(): void {
  rechecks.set((state) => ({ count: state.count + 1 }));
}

/** The router as plain code sees it (the request client's hooks): null until the routes have rendered. */
export interface RouterOutside {
  navigate: NavigateFunction;
  location: Location;
  /** a guard is deciding on `location`: it will navigate, if anywhere, itself */
  deciding: boolean;
}

let outside: RouterOutside | null = null;

export function routerOutside(): RouterOutside | null {
  return outside;
}

/**
 * The routes, each page shown only once its guard has let it through. While a guard decides, and while a
 * page's chunk loads, the page shown so far stays and the progress bar runs (`loading` before the first
 * page); a guard's redirect replaces the address in the history. Pages read the address they were let
 * through on (useLocation under these routes), never one still being decided.
 */
export function GuardedRoutes({ routes, loading }: { routes: readonly GuardedRoute[]; loading: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const recheck = useStore(rechecks, (state) => state.count);
  /** the address and recheck last decided on, and the address whose page shows */
  const [decided, setDecided] = useState<{ location: Location; recheck: number } | null>(null);
  const [shown, setShown] = useState<Location | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [pageLoading, startTransition] = useTransition();
  const deciding = decided?.location !== location || decided.recheck !== recheck;

  useEffect(() => {
    let current = true;
    const guard = matchRoutes([...routes], location)?.at(-1)?.route.guard;
    Promise.resolve()
      .then(() => guard?.(location) ?? null)
      .then(
        (target) => {
          if (!current) return;
          if (target !== null) {
            void navigate(target, { replace: true });
            return;
          }
          setDecided({ location, recheck });
          // in a transition: the page shown so far stays until the next one's chunk has arrived
          startTransition(() => setShown(location));
        },
        (error: unknown) => current && setFailure({ error }),
      );
    return () => {
      current = false;
    };
  }, [routes, location, recheck, navigate]);

  useLayoutEffect(() => {
    outside = { navigate, location, deciding };
    return () => {
      outside = null;
    };
  });
  useProgress(deciding || pageLoading);

  if (failure) throw failure.error;
  if (!shown) return loading;
  return (
    <Suspense fallback={loading}>
      <Routes location={shown}>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
      </Routes>
    </Suspense>
  );
}
