import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import type { User } from '../../contract/auth';
import { AuthProvider } from '../lib/auth';

/** What wraps the router, the same in the browser and in a server render (so hydration matches). */
export function AppProviders({ queryClient, user, children }: { queryClient: QueryClient; user?: User; children: ReactNode }) {
  // A server-rendered page shows buttons that do nothing until React has hydrated them; this marks
  // the moment the first render commits (a parent's effect runs after all of its children's), so
  // journeys act on the page only once it responds.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <StrictMode>
      <AuthProvider initialUser={user}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AuthProvider>
    </StrictMode>
  );
}
