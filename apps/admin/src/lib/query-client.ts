import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** A refused call (4xx) is not asked again; a lost connection or a 5xx once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && !(isApiError(error) && error.code >= 400 && error.code < 500),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
