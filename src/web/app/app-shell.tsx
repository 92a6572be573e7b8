import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { hasBottomNavigation } from '../../domain/users';
import { useAuth } from '../lib/auth';
import { useHydrated } from '../lib/use-hydrated';
import { AppFrame } from './app-frame';
import { BottomNav } from './bottom-nav';

// Toasts are never needed for the first paint: load them off the critical path.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppShell() {
  const { user } = useAuth();
  const showNav = user !== null && hasBottomNavigation(user.role);
  const hydrated = useHydrated();
  return (
    <AppFrame
      padForNav={showNav}
      after={
        <>
          {showNav && <BottomNav role={user.role as 'teen' | 'homeowner'} />}
          {hydrated && (
            <Suspense fallback={null}>
              <Toaster position="top-center" richColors closeButton />
            </Suspense>
          )}
          <ScrollRestoration />
        </>
      }
    >
      <Outlet />
    </AppFrame>
  );
}
