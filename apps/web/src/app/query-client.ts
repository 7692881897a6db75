import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /** `blocking: true` shows the 'Loading ...' overlay while the query has no data yet. */
    queryMeta: { blocking?: boolean };
    /** Mutations show the overlay unless they set `blocking: false`. */
    mutationMeta: { blocking?: boolean };
  }
}

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}
