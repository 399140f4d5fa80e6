import { Button, Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { layoutGuard, LOGIN_PATH, loginGuard } from '@/app/guard';
import { appMessages } from '@/app/messages';
import { FullPageLoading, RootShell } from '@/app/RootShell';
import { ErrorBoundary } from '@/shared/components/ErrorBoundary';
import { useMessages } from '@/shared/i18n';

/**
 * The status pages (antd's Result and its pictures) load when one is shown, not with the first screen
 * (e2e/bundle-budget.e2e.ts).
 */
const statusPages = () => import('@/app/pages/StatusPages');
const LazyRouteErrorPage = lazy(async () => ({ default: (await statusPages()).RouteErrorPage }));

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

function RouteError() {
  return (
    <ErrorBoundary fallback={() => <ReloadOffer />}>
      <Suspense fallback={null}>
        <LazyRouteErrorPage />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Public pages (sign-in, 403, 404) and one catch-all inside the layout: the user's pages come from the
 * server's route tree, which the layout resolves itself, so a pushed tree needs no new router.
 */
export const router = createBrowserRouter([
  {
    Component: RootShell,
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageLoading,
    children: [
      {
        path: LOGIN_PATH,
        loader: loginGuard,
        lazy: async () => ({ Component: (await import('@/features/login/LoginPage')).LoginPage }),
      },
      { path: '/403', lazy: async () => ({ Component: (await statusPages()).ForbiddenPage }) },
      { path: '/404', lazy: async () => ({ Component: (await statusPages()).NotFoundPage }) },
      {
        path: '*',
        loader: layoutGuard,
        lazy: async () => ({ Component: (await import('@/app/layout/AppLayout')).AppLayout }),
      },
    ],
  },
]);
