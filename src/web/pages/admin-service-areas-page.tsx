import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { ServiceAreasPanel } from '../features/admin/service-areas-panel';

/** Issue 18: the ZIP codes Yardly runs in. */
export default function AdminServiceAreasPage() {
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <PageHeader title="Service Areas" backTo="/admin-dashboard" />
          <div className="p-4">
            <ServiceAreasPanel />
          </div>
        </>
      )}
    </RequireRole>
  );
}
