import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: the API client already shows the request-exception dialog on a
 * network failure, and lists offer their own tap-to-retry (part 1, section 8). Mobile
 * pages do not refetch on focus; they refresh by pull-to-refresh.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
