import { Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useProgress } from '@/app/progress';
import { useSession } from '@/app/session/store';
import { PlainSpin } from '@/shared/components/PlainSpin';

/** The real-time handlers load once a user is signed in: the sign-in page has none (e2e/bundle-budget.e2e.ts). */
const HubEvents = lazy(async () => ({ default: (await import('@/app/HubEvents')).HubEvents }));

/**
 * Above every page: the progress bar while a navigation (route guard, page chunk) is under way, and the
 * real-time connection once the user is signed in (also on 403/404, so a kick-out still reaches them).
 */
export function RootShell() {
  useProgress(useNavigation().state !== 'idle');
  const signedIn = useSession((state) => state.routes !== null);
  return (
    <>
      {signedIn ? (
        <Suspense fallback={null}>
          <HubEvents />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

export function FullPageLoading() {
  useProgress(true);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <PlainSpin />
    </Flex>
  );
}
