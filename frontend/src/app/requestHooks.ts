import { LOGIN_PATH, loginPath } from '@/app/guard';
import { hub } from '@/app/hub';
import { router } from '@/app/router';
import { resetSession } from '@/app/session/session';
import { configureRequest } from '@/shared/request';

/** Where the request client sends the user when the session ends or an action is forbidden. */
export function installRequestHooks(): void {
  configureRequest({
    onSessionEnded() {
      resetSession();
      void hub.stop();
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
