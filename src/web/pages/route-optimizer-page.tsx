import { ClipboardCheck } from 'lucide-react';
import { firstNameOf } from '../../domain/users';
import { DashboardHeader } from '../components/dashboard-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';
import { useAuth } from '../lib/auth';

/**
 * The coordinator's home. The optimizer itself (tabs, routes, analytics) arrives with the
 * route-planning capability; until then coordinators land here and reach their profile.
 */
export default function RouteOptimizerPage() {
  const { user } = useAuth();
  if (user && user.role !== 'coordinator') {
    return (
      <>
        <DashboardHeader />
        <p className="p-6 text-center text-slate-800">Route optimization is only available for coordinators.</p>
      </>
    );
  }
  return (
    <RequireRole roles={['coordinator']}>
      {(coordinator) => (
        <>
          <DashboardHeader />
          <div className="space-y-2 p-4">
            <h1 className="text-2xl font-bold">Route Optimizer</h1>
            <p className="text-slate-700">Welcome, {firstNameOf(coordinator.fullName)}. You supervise the Yardly jobs and teens of your area.</p>
            <ButtonLink to="/verification" size="lg" className="w-full">
              <ClipboardCheck aria-hidden="true" className="h-5 w-5" />
              Verification Queue
            </ButtonLink>
          </div>
        </>
      )}
    </RequireRole>
  );
}
