import { createBrowserRouter } from 'react-router';
import { layoutGuard, LOGIN_PATH, loginGuard } from '@/app/guard';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from '@/app/pages/StatusPages';
import { FullPageLoading, RootShell } from '@/app/RootShell';

/**
 * Public pages (sign-in, 403, 404) and one catch-all inside the layout: the user's pages come from the
 * server's route tree, which the layout resolves itself, so a pushed tree needs no new router.
 */
export const router = createBrowserRouter([
  {
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullPageLoading,
    children: [
      {
        path: LOGIN_PATH,
        loader: loginGuard,
        lazy: async () => ({ Component: (await import('@/features/login/LoginPage')).LoginPage }),
      },
      { path: '/403', Component: ForbiddenPage },
      { path: '/404', Component: NotFoundPage },
      {
        path: '*',
        loader: layoutGuard,
        lazy: async () => ({ Component: (await import('@/app/layout/AppLayout')).AppLayout }),
      },
    ],
  },
]);
