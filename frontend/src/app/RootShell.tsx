import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { HubEvents } from '@/app/HubEvents';
import { useProgress } from '@/app/progress';
import { useSession } from '@/app/session/store';
import { PlainSpin } from '@/shared/components/PlainSpin';

/**
 * Above every page: the real-time connection once the user is signed in (also on 403/404, so a kick-out
 * still reaches them).
 */
export function RootShell({ children }: { children: ReactNode }) {
  const signedIn = useSession((state) => state.routes !== null);
  return (
    <>
      {signedIn ? <HubEvents /> : null}
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
