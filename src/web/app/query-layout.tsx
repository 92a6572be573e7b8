import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { LiveEvents } from '../features/notifications/live-events';
import { ApiError } from '../lib/api';

/** Spec 7: reads are cached, not refetched on focus; 5 minutes fresh, one retry (none for 4xx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    },
  },
});

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveEvents />
      <Outlet />
    </QueryClientProvider>
  );
}
