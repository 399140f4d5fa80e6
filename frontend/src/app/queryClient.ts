import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request client already retries a refused token once and reports every failure to the user.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
