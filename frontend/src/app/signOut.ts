import { HUB_METHODS } from '@forwarder/domain';
import type { NavigateFunction } from 'react-router';
import { LOGIN_PATH } from '@/shared/routing/paths';
import { hub } from '@/shared/hub/hub';
import { getToken } from '@/shared/request';
import { logOut } from '@/shared/session/api';
import { resetSession } from '@/shared/session/session';
import { sessionStore } from '@/shared/session/store';

/**
 * Ends the session: tells the server (unless it already ended it, as after a password change or a
 * kick-out), forgets the user, goes to the sign-in page, then tells the hub to drop the user.
 */
export async function signOut(navigate: NavigateFunction, { notifyServer = true }: { notifyServer?: boolean } = {}): Promise<void> {
  const { userId } = sessionStore.get();
  if (notifyServer && getToken()) await logOut().catch(() => undefined);
  resetSession();
  await navigate(LOGIN_PATH);
  await hub.invoke(HUB_METHODS.removeUsers, userId).catch(() => undefined);
  await hub.stop();
}
