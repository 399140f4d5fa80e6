import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from '@/shared/session/session';

/**
 * The server data the signed-in screens show. Loaded with them (the layout, the real-time events), not
 * with the sign-in page; forgotten with the session.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request client already retries a refused token once and reports every failure to the user.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

onSessionReset(() => queryClient.clear());
