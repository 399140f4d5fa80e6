import { Flex } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useProgress } from '@/app/progress';
import { useSession } from '@/shared/session/store';
import { PlainSpin } from '@/shared/components/PlainSpin';

/** Loaded on sign-in, with what it reacts to the pushes with (the query cache among them). */
const HubEvents = lazy(async () => ({ default: (await import('@/app/HubEvents')).HubEvents }));

/**
 * Above every page: the real-time connection once the user is signed in (also on 403/404, so a kick-out
 * still reaches them).
 */
export function RootShell({ children }: { children: ReactNode }) {
  // not while the password must be changed: the server answers nothing else until then
  const signedIn = useSession((state) => state.routes !== null && !state.mustChangePassword);
  return (
    <>
      {signedIn ? (
        <Suspense fallback={null}>
          <HubEvents />
        </Suspense>
      ) : null}
      {children}
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
