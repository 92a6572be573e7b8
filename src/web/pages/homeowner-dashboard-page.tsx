import { Plus } from 'lucide-react';
import { firstNameOf } from '../../domain/users';
import { DashboardHeader } from '../components/dashboard-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';

export default function HomeownerDashboardPage() {
  return (
    <RequireRole roles={['homeowner']}>
      {(user) => (
        <>
          <DashboardHeader />
          <div className="space-y-4 p-4">
            <h1 className="text-2xl font-bold">Welcome, {firstNameOf(user.fullName)}!</h1>
            <p className="text-slate-700">Post a job and a local teen, supervised by a Yardly coordinator, will take care of it.</p>
            <ButtonLink to="/post-job" className="w-full">
              <Plus aria-hidden="true" className="h-5 w-5" />
              Post New Job
            </ButtonLink>
          </div>
        </>
      )}
    </RequireRole>
  );
}
