import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, NavLink, Outlet, Route, Routes } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { portalApi } from './api/portalApi';
import { usePortalHub } from './live/usePortalHub';
import { portalMessages, type PortalMessageKey } from './messages';
import { BindPage } from './pages/BindPage';
import { LoginPage } from './pages/LoginPage';
import { useSession } from './session';
import { Loading } from './ui/kit';

// the first screen a customer meets is the binding link or the sign-in: the rest comes after
const OrdersPage = lazy(() => import('./pages/OrdersPage').then((module) => ({ default: module.OrdersPage })));
const OrderDetailPage = lazy(() => import('./pages/OrderDetailPage').then((module) => ({ default: module.OrderDetailPage })));
const AmountsPage = lazy(() => import('./pages/AmountsPage').then((module) => ({ default: module.AmountsPage })));
const PrealertPage = lazy(() => import('./pages/PrealertPage').then((module) => ({ default: module.PrealertPage })));
const AccountPage = lazy(() => import('./pages/AccountPage').then((module) => ({ default: module.AccountPage })));

/** Where the portal is served (backend/src/app.factory.ts); its routes are under it. */
export const PORTAL_BASE = '/m';

export function createPortalQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 30_000 }, mutations: { retry: false } } });
}

export function PortalApp({ queryClient = createPortalQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={PORTAL_BASE}>
        <PortalRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

export function PortalRoutes() {
  return (
    <Routes>
      <Route path="bind" element={<BindPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route element={<SignedIn />}>
        <Route index element={<Navigate to="/orders" replace />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:line/:id" element={<OrderDetailPage />} />
        <Route path="amounts" element={<AmountsPage />} />
        <Route path="prealert" element={<PrealertPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<Navigate to="/orders" replace />} />
      </Route>
    </Routes>
  );
}

const TABS: { to: string; label: PortalMessageKey; icon: string; needs?: 'wechat:orderAdd' }[] = [
  { to: '/orders', label: 'tabOrders', icon: 'M4 5h16v4H4zM4 11h16v8H4zM8 14h8' },
  { to: '/amounts', label: 'tabAmounts', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  { to: '/prealert', label: 'tabPrealert', icon: 'M12 5v14M5 12h14', needs: 'wechat:orderAdd' },
  { to: '/account', label: 'tabAccount', icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c1.5-4 4.5-6 8-6s6.5 2 8 6' },
];

/** The signed-in screens: the tab bar, the hub connection; without a session, the sign-in (saying why it ended). */
function SignedIn() {
  const t = useMessages(portalMessages);
  const { token } = useSession();
  const queryClient = useQueryClient();
  // an account an administrator took pre-alerts from has no pre-alert tab (the server refuses them anyway)
  const me = useQuery({ queryKey: ['portal', 'me'], queryFn: portalApi.me, enabled: Boolean(token) });
  const tabs = TABS.filter((tab) => !tab.needs || !me.data || me.data.permissionCodes.includes(tab.needs));
  // what one customer saw is not shown to the next one signing in on this phone
  useEffect(() => {
    if (!token) queryClient.clear();
  }, [token, queryClient]);
  if (!token) return <Navigate to="/login" replace />;
  return (
    <div className="pt-app">
      <Live />
      <main className="pt-main">
        <Suspense fallback={<Loading text={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <nav className="pt-tabs" aria-label={t('brand')}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className={({ isActive }) => (isActive ? 'pt-tab pt-tab-active' : 'pt-tab')}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={tab.icon} />
            </svg>
            <span>{t(tab.label)}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

function Live() {
  usePortalHub(useQueryClient());
  return null;
}
