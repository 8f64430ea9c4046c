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
        const status = (err as { status?: number }).status ?? 0;
        return status === 0 && count < 1;
      },
    },
    mutations: { retry: false },
  },
});
