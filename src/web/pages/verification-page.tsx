import { useQuery } from '@tanstack/react-query';
import type { User } from '../../contract/auth';
import { homePathForRole } from '../../domain/users';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { QueryState } from '../components/ui/query-state';
import { HeldConsentRequests } from '../features/consent/held-consent-requests';
import type { JobFilters } from '../features/jobs/api';
import { JobActionButtons } from '../features/jobs/job-actions';
import { JobCard } from '../features/jobs/job-card';
import { EmptyState, PagedJobList } from '../features/jobs/paged-job-list';
import { paymentQueries } from '../features/payments/api';
import { ResolveDisputeCard } from '../features/payments/resolve-dispute-card';

/** A coordinator sees their ZIP codes' jobs; an admin sees every area's. */
const areaOf = (user: User): JobFilters => (user.role === 'coordinator' ? { coordinatorId: user.id } : {});

/** The coordinator's verification queue: completed work to verify, and the area's open jobs. */
export default function VerificationPage() {
  return (
    <RequireRole roles={['coordinator', 'admin']}>
      {(user) => (
        <>
          <PageHeader title="Verification Queue" backTo={homePathForRole(user.role)} backLabel="Back to home" />
          <div className="space-y-6 p-4">
            <section aria-labelledby="to-verify-title" className="space-y-3">
              <h2 id="to-verify-title" className="text-lg font-bold">
                Waiting for Verification
              </h2>
              <PagedJobList
                filters={{ status: ['completed'], ...areaOf(user) }}
                label="Jobs waiting for verification"
                empty={<EmptyState headingLevel={3} title="No jobs waiting for verification" text="Completed jobs in your area show up here." />}
                renderJob={(job) => (
                  <JobCard job={job} headingLevel={3} show={['teen', 'location', 'startedAt', 'completedAt', 'duration']}>
                    <JobActionButtons job={job} only={['verify']} />
                  </JobCard>
                )}
              />
            </section>
            <OpenDisputes />
            <HeldConsentRequests />
            <section aria-labelledby="open-title" className="space-y-3">
              <h2 id="open-title" className="text-lg font-bold">
                Open Jobs in Your Area
              </h2>
              <PagedJobList
                filters={{ status: ['posted'], ...areaOf(user) }}
                label="Open jobs in your area"
                empty={<EmptyState headingLevel={3} title="No open jobs in your area" />}
                renderJob={(job) => <JobCard job={job} headingLevel={3} show={['category', 'duration', 'location']} />}
              />
            </section>
          </div>
        </>
      )}
    </RequireRole>
  );
}

/** Disputes in the coordinator's area (an admin's: all), each resolved here (design 1). */
function OpenDisputes() {
  const disputes = useQuery(paymentQueries.openDisputes());
  return (
    <section aria-labelledby="disputes-title" className="space-y-3">
      <h2 id="disputes-title" className="text-lg font-bold">
        Disputes
      </h2>
      <QueryState query={disputes} what="disputes" loading="Loading disputes...">
        {(open) =>
          open.disputes.length === 0 ? (
            <EmptyState headingLevel={3} title="No open disputes" text="When a homeowner disputes finished work in your area, you decide on the payment here." />
          ) : (
            <ul aria-label="Open disputes" className="space-y-3">
              {open.disputes.map((dispute) => (
                <li key={dispute.id}>
                  <ResolveDisputeCard dispute={dispute} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
