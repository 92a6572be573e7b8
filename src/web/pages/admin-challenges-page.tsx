import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { ChallengesPanel } from '../features/admin/challenges-panel';

/** Issues 16 and 18: the seasonal challenges teens join, added and edited by admins. */
export default function AdminChallengesPage() {
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <PageHeader title="Seasonal Challenges" backTo="/admin-dashboard" />
          <div className="p-4">
            <ChallengesPanel />
          </div>
        </>
      )}
    </RequireRole>
  );
}
