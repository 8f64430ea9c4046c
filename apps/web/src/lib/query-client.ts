import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query client. Errors are already shown by the api client, so queries do not retry on 4xx
 * and only once on network errors.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => {
        // no HTTP status (0 or none): a network error, tried once more
        return !(err as { status?: number }).status && count < 1;
      },
    },
    mutations: { retry: false },
  },
});
