import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { CoordinatorsPanel } from '../features/admin/coordinators-panel';

/** Issue 18: the coordinators and the ZIP codes they cover. */
export default function AdminCoordinatorsPage() {
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <PageHeader title="Coordinators" backTo="/admin-dashboard" />
          <div className="p-4">
            <CoordinatorsPanel />
          </div>
        </>
      )}
    </RequireRole>
  );
}
