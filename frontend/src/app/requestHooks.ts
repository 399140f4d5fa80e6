import { LOGIN_PATH, loginPath } from '@/app/guard';
import { router } from '@/app/router';
import { resetSession } from '@/app/session/session';
import { configureRequest } from '@/shared/request';

/** Where the request client sends the user when the session ends or an action is forbidden. */
export function installRequestHooks(): void {
  configureRequest({
    onSessionEnded() {
      resetSession();
      // the hub's client loads with the signed-in screens (app/HubEvents.tsx), not with the sign-in page
      void import('@/app/hub').then(({ hub }) => hub.stop());
      // During a navigation the route guard is already on it and redirects to sign-in itself.
      const { location, navigation, initialized } = router.state;
      if (initialized && navigation.state === 'idle' && location.pathname !== LOGIN_PATH) {
        void router.navigate(loginPath(location.pathname + location.search));
      }
    },
    onForbidden() {
      void router.navigate('/403');
    },
  });
}
