import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { PeopleSearch } from '../features/admin/people-search';
import { PersonPanel } from '../features/admin/person-panel';

/** Issue 18: the admin finds a person and opens them (?person=id), to suspend or reactivate them. */
export default function AdminPeoplePage() {
  const [params] = useSearchParams();
  const personId = params.get('person');
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <PageHeader title={personId ? 'Person' : 'People'} backTo={personId ? '/admin/people' : '/admin-dashboard'} />
          <div className="space-y-4 p-4">{personId ? <PersonPanel key={personId} userId={personId} /> : <PeopleSearch />}</div>
        </>
      )}
    </RequireRole>
  );
}
