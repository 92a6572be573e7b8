import { ACTIVE_LIST_STATUSES } from '../../contract/job-constants';
import { homePathForRole } from '../../domain/users';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';
import { JobActionButtons } from '../features/jobs/job-actions';
import { JobCard, type JobCardPart } from '../features/jobs/job-card';
import { EmptyState, PagedJobList } from '../features/jobs/paged-job-list';
import { PaymentActions } from '../features/payments/payment-actions';

const TEEN_PARTS: readonly JobCardPart[] = ['status', 'hint', 'description', 'duration', 'distance'];
/** A homeowner also reads who took each job (the teen knows: it is them). */
const HOMEOWNER_PARTS: readonly JobCardPart[] = [...TEEN_PARTS, 'teen'];

/** Spec 2, Active Jobs: the user's accepted, in-progress, completed and verified jobs. */
export default function ActiveJobsPage() {
  return (
    <RequireRole roles={['teen', 'homeowner']}>
      {(user) => {
        const isTeen = user.role === 'teen';
        const filters = { status: ACTIVE_LIST_STATUSES, ...(isTeen ? { teenId: user.id } : { homeownerId: user.id }) };
        return (
          <>
            <PageHeader title="Active Jobs" backTo={homePathForRole(user.role)} backLabel="Back to home" />
            <div className="p-4">
              <PagedJobList
                filters={filters}
                label="Active jobs"
                empty={
                  <EmptyState
                    title="No active jobs"
                    text={isTeen ? 'Accept a job to see it here' : 'Post a job to see it here'}
                    action={
                      <ButtonLink to={isTeen ? '/job-explorer' : '/post-job'} variant="secondary">
                        {isTeen ? 'Find Jobs' : 'Post New Job'}
                      </ButtonLink>
                    }
                  />
                }
                renderJob={(job) => (
                  <JobCard job={job} show={isTeen ? TEEN_PARTS : HOMEOWNER_PARTS}>
                    <JobActionButtons job={job} only={['start', 'complete', 'withdraw', 'cancel']} size="sm" />
                    {/* A verified job reads 'Ready for payment' here: the homeowner can release it where they read that. */}
                    {!isTeen && <PaymentActions job={job} />}
                  </JobCard>
                )}
              />
            </div>
          </>
        );
      }}
    </RequireRole>
  );
}
