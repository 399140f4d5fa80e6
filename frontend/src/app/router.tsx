import { Button, Flex } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { GuardedRoutes, type GuardedRoute } from '@/app/guardedRoutes';
import { layoutGuard, loginGuard, type GuardedLocation } from '@/app/guard';
import { LazyLoginPage } from '@/features/login/pages';
import { LOGIN_PATH } from '@/shared/routing/paths';
import { lazyPage } from '@/shared/routing/lazyPage';
import { ensureSession } from '@/shared/session/session';
import { appMessages } from '@/app/messages';
import { FullPageLoading, RootShell } from '@/app/RootShell';
import { ErrorBoundary } from '@/shared/components/ErrorBoundary';
import { useMessages } from '@/shared/i18n';
import { getToken } from '@/shared/request';

/**
 * The status pages (antd's Result and its pictures) load when one is shown, not with the first screen
 * (e2e/bundle-budget.e2e.ts).
 */
const statusPages = () => import('@/app/pages/StatusPages');
const LazyRouteErrorPage = lazy(async () => ({ default: (await statusPages()).RouteErrorPage }));
const ForbiddenPage = lazyPage(statusPages, (module) => module.ForbiddenPage);
const NotFoundPage = lazyPage(statusPages, (module) => module.NotFoundPage);
const AppLayout = lazyPage(
  () => import('@/app/layout/AppLayout'),
  (module) => module.AppLayout,
);

/**
 * With a token, the session (user info, routes) and the layout's chunk are asked for together and at once:
 * on a page load before React's first render, on sign-in as the layout's guard starts. The guard asks
 * again and decides on a failure.
 */
export function preloadSignedIn(): void {
  if (!getToken()) return;
  AppLayout.preload();
  ensureSession().catch(() => undefined);
}

function layoutRouteGuard(location: GuardedLocation): Promise<string | null> {
  preloadSignedIn();
  return layoutGuard(location);
}

/** Should the status pages' chunk itself fail to arrive (a route failed because the network did), still offer the reload. */
function ReloadOffer() {
  const t = useMessages(appMessages);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '48px 32px' }}>
      <div>{t('pageFailed')}</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </Flex>
  );
}

/** A route that failed (its chunk, or an unexpected error in a guard) shows the error page until the address changes. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary
      resetKey={key}
      fallback={(_retry, error) => (
        <ErrorBoundary fallback={() => <ReloadOffer />}>
          <Suspense fallback={null}>
            <LazyRouteErrorPage error={error} />
          </Suspense>
        </ErrorBoundary>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * Public pages (sign-in, 403, 404) and one catch-all inside the layout: the user's pages come from the
 * server's route tree, which the layout resolves itself, so a pushed tree needs no new routes.
 */
const ROUTES: readonly GuardedRoute[] = [
  { path: LOGIN_PATH, guard: loginGuard, element: <LazyLoginPage /> },
  { path: '/403', element: <ForbiddenPage /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '*', guard: layoutRouteGuard, element: <AppLayout /> },
];

export function AppRouter() {
  return (
    <BrowserRouter>
      <RootShell>
        <RouteErrorBoundary>
          <GuardedRoutes routes={ROUTES} loading={<FullPageLoading />} />
        </RouteErrorBoundary>
      </RootShell>
    </BrowserRouter>
  );
}
