import { LOGIN_PATH, loginPath } from '@/shared/routing/paths';
import { hub } from '@/shared/hub/hub';
import { routerOutside } from '@/app/guardedRoutes';
import { resetSession } from '@/shared/session/session';
import { configureRequest } from '@/shared/request';

/** Where the request client sends the user when the session ends or an action is forbidden. */
export function installRequestHooks(): void {
  configureRequest({
    onSessionEnded() {
      resetSession();
      void hub.stop();
      // While a guard decides it is already on it and sends the user to sign in itself.
      const router = routerOutside();
      if (router && !router.deciding && router.location.pathname !== LOGIN_PATH) {
        void router.navigate(loginPath(router.location.pathname + router.location.search));
      }
    },
    onForbidden() {
      void routerOutside()?.navigate('/403');
    },
  });
}
