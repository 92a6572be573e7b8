import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { AuditLogList } from '../features/admin/audit-log-list';

/** Issue 18: what every admin did, to whom, and when. */
export default function AdminAuditLogPage() {
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <PageHeader title="Audit Log" backTo="/admin-dashboard" />
          <div className="p-4">
            <AuditLogList />
          </div>
        </>
      )}
    </RequireRole>
  );
}
