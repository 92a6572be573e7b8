import type { User } from '../../contract/auth';
import { homePathForRole } from '../../domain/users';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';
import type { JobFilters } from '../features/jobs/api';
import { JobCard } from '../features/jobs/job-card';
import { EmptyState, PagedJobList } from '../features/jobs/paged-job-list';

/** Which jobs each role sees here (spec 7's calls). */
function viewFor(user: User): { title: string; filters: JobFilters; empty: string } {
  switch (user.role) {
    case 'homeowner':
      return { title: 'My Jobs', filters: { homeownerId: user.id }, empty: 'You have not posted any jobs yet.' };
    case 'coordinator':
      return { title: 'Open Jobs in Your Area', filters: { status: ['posted'], coordinatorId: user.id }, empty: 'No open jobs in your area right now.' };
    default:
      return { title: 'Open Jobs', filters: { status: ['posted'] }, empty: 'No open jobs right now. Check back soon.' };
  }
}

/** The job list: the back target of job details. */
export default function JobsPage() {
  return (
    <RequireRole roles="any">
      {(user) => {
        const { title, filters, empty } = viewFor(user);
        return (
          <>
            <PageHeader title={title} backTo={homePathForRole(user.role)} backLabel="Back to home" />
            <div className="space-y-4 p-4">
              {user.role === 'teen' && (
                <ButtonLink to="/job-explorer" variant="secondary" className="w-full">
                  Search and filter in the Job Explorer
                </ButtonLink>
              )}
              {user.role === 'homeowner' && (
                <ButtonLink to="/post-job" className="w-full">
                  Post New Job
                </ButtonLink>
              )}
              <PagedJobList
                filters={filters}
                label={title}
                empty={<EmptyState title="No jobs yet" text={empty} />}
                renderJob={(job) => <JobCard job={job} show={['status', 'ages', 'category', 'duration', 'distance', 'location']} />}
              />
            </div>
          </>
        );
      }}
    </RequireRole>
  );
}
