import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { User } from '../../contract/auth';
import { AuthProvider } from '../lib/auth';

/** What wraps the router, the same in the browser and in a server render (so hydration matches). */
export function AppProviders({ queryClient, user, children }: { queryClient: QueryClient; user?: User; children: ReactNode }) {
  return (
    <StrictMode>
      <AuthProvider initialUser={user}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AuthProvider>
    </StrictMode>
  );
}
