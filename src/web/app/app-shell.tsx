import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { hasBottomNavigation } from '../../domain/users';
import { useAuth } from '../lib/auth';
import { useToasterWanted } from '../lib/toast';
import { AppFrame } from './app-frame';
import { BottomNav } from './bottom-nav';

// Loaded with the first toast (see notify).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

// Toasts start below the screens' top bars (the sticky PageHeader is 61 px tall, DashboardHeader
// 69 px), so a toast hides neither the screen's title nor its back arrow, and its close button,
// drawn 7 px above the toast, clears them too. Sonner's own offset (16 px on a phone) put it over them.
const BELOW_THE_TOP_BAR = { top: 80 };

export function AppShell() {
  const { user } = useAuth();
  const showNav = user !== null && hasBottomNavigation(user.role);
  return (
    <AppFrame
      padForNav={showNav}
      after={
        <>
          {showNav && <BottomNav role={user.role as 'teen' | 'homeowner'} />}
          <DeferredToaster />
          <ScrollRestoration />
        </>
      }
    >
      <Outlet />
    </AppFrame>
  );
}

/** The Toaster, from the first toast on (see notify). Its own component: the switch re-renders only it. */
function DeferredToaster() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton offset={BELOW_THE_TOP_BAR} mobileOffset={BELOW_THE_TOP_BAR} />
    </Suspense>
  ) : null;
}
