import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast, Toaster } from 'sonner';
import { onTestFinished } from 'vitest';
import type { User } from '../../../contract/auth';
import type { Job } from '../../../contract/jobs';
import { AuthProvider, USER_STORAGE_KEY } from '../../lib/auth';

/** People and jobs shared by the job screens' component tests. */

export const TEEN: User = {
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'Maya Lopez',
  username: 'maya',
  email: 'maya@example.com',
  role: 'teen',
  zipCode: '02139',
  isAvailable: true,
  parentalConsentStatus: 'approved',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const HOMEOWNER: User = {
  ...TEEN,
  id: '33333333-3333-4333-8333-333333333333',
  fullName: 'Rosa Park',
  username: 'rosa',
  email: 'rosa@example.com',
  role: 'homeowner',
  parentalConsentStatus: 'none',
};

/** An accepted job of TEEN's, posted by HOMEOWNER, offering no actions unless told. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    title: 'Rake the front yard',
    description: 'Leaves.',
    status: 'accepted',
    payAmount: '40.00',
    estimatedDuration: 90,
    location: null,
    zipCode: '02139',
    distance: 0,
    photos: [],
    safetyNotes: null,
    category: 'leaf_raking',
    physicalDemands: 'medium',
    equipment: [],
    minimumAge: 14,
    coordinatorSupervised: true,
    homeownerId: HOMEOWNER.id,
    teenId: TEEN.id,
    teenName: null,
    lockExpiresAt: null,
    createdAt: '2026-06-15T12:00:00.000Z',
    acceptedAt: null,
    startedAt: null,
    completedAt: null,
    verifiedAt: null,
    cancelledAt: null,
    actions: [],
    blockedActions: [],
    payment: 'held',
    ...overrides,
  };
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Renders `ui` for `user`, signed in as the app does it (stored user, checked by /api/auth/me), with a Toaster. */
export function renderSignedIn(ui: ReactNode, user: User) {
  // Sonner keeps its toasts in module state and replays live ones to a new Toaster: without this,
  // one test's toast would show in the next.
  onTestFinished(() => void toast.dismiss());
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        {ui}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
}
