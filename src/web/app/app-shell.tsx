import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { hasBottomNavigation } from '../../domain/users';
import { useAuth } from '../lib/auth';
import { BottomNav } from './bottom-nav';

// Toasts are never needed for the first paint: load them off the critical path.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The phone-sized frame every screen lives in. */
export function AppShell() {
  const { user } = useAuth();
  const showNav = user !== null && hasBottomNavigation(user.role);
  return (
    <div className="mx-auto min-h-dvh max-w-md bg-white shadow-sm">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <main id="main" className={showNav ? 'pb-20' : ''}>
        <Outlet />
      </main>
      {showNav && <BottomNav role={user.role as 'teen' | 'homeowner'} />}
      <Suspense fallback={null}>
        <Toaster position="top-center" richColors closeButton />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
