import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { AdminDisputesPanel } from '../features/admin/admin-disputes-panel';

/** Issue 18: the open disputes, settled from this screen. */
export default function AdminDisputesPage() {
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <PageHeader title="Disputes" backTo="/admin-dashboard" />
          <div className="p-4">
            <AdminDisputesPanel />
          </div>
        </>
      )}
    </RequireRole>
  );
}
