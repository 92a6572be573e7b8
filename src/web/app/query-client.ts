import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/**
 * Spec 7: reads are cached, not refetched on focus; 5 minutes fresh, one retry (none for 4xx).
 * One per tab, and one per server render (a shared one would carry one person's data to another).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      },
    },
  });
}
