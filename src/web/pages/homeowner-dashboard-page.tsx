import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Plus } from 'lucide-react';
import type { User } from '../../contract/auth';
import type { Job } from '../../contract/jobs';
import { formatPay } from '../../domain/format';
import { firstNameOf } from '../../domain/users';
import { DashboardHeader } from '../components/dashboard-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';
import { Counter } from '../components/ui/counter';
import { QueryState } from '../components/ui/query-state';
import { jobQueries } from '../features/jobs/api';
import { JobActionButtons } from '../features/jobs/job-actions';
import { JobCard } from '../features/jobs/job-card';
import { EmptyState } from '../features/jobs/paged-job-list';
import { PaymentActions, PaymentBadge } from '../features/payments/payment-actions';
import { WriteReviewLink } from '../features/progress/job-reviews';

/** Spec 9: the dashboard shows the 3 most recent jobs. */
const RECENT_JOBS = 3;

export default function HomeownerDashboardPage() {
  return (
    <RequireRole roles={['homeowner']}>
      {(user) => (
        <>
          <DashboardHeader />
          <Dashboard user={user} />
        </>
      )}
    </RequireRole>
  );
}

function Dashboard({ user }: { user: User }) {
  const summary = useQuery(jobQueries.summary(user.id));
  const recent = useQuery(jobQueries.list({ homeownerId: user.id, limit: RECENT_JOBS }));
  const inProgress = summary.data?.inProgress ?? 0;
  return (
    <div className="space-y-5 p-4">
      <h1 className="text-2xl font-bold">Welcome, {firstNameOf(user.fullName)}!</h1>
      <div className="grid grid-cols-2 gap-3">
        <ButtonLink to="/post-job">
          <Plus aria-hidden="true" className="h-5 w-5" />
          Post New Job
        </ButtonLink>
        <ButtonLink to="/active-jobs" variant="secondary">
          <ClipboardList aria-hidden="true" className="h-5 w-5" />
          Active Jobs
          <span className="rounded-full bg-brand-700 px-2 text-sm text-white">
            {inProgress}
            <span className="sr-only"> in progress</span>
          </span>
        </ButtonLink>
      </div>

      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="sr-only">
          Your numbers
        </h2>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Counter label="Jobs Posted" value={summary.data ? String(summary.data.jobsPosted) : '–'} />
          <Counter label="Total Spent" value={summary.data ? formatPay(summary.data.totalSpent, 0) : '–'} />
          <Counter label="Active Jobs" value={summary.data ? String(summary.data.activeJobs) : '–'} />
        </dl>
      </section>

      <section aria-labelledby="recent-title" className="space-y-3">
        <h2 id="recent-title" className="text-lg font-bold">
          Recent Jobs
        </h2>
        <QueryState query={recent} what="your jobs" loading="Loading jobs...">
          {({ jobs }) =>
            jobs.length === 0 ? (
              <EmptyState
                headingLevel={3}
                title="Post Your First Job"
                text="Describe the job, set the pay, and a local teen supervised by a Yardly coordinator takes care of it."
                action={<ButtonLink to="/post-job">Post Your First Job</ButtonLink>}
              />
            ) : (
              <ul aria-label="Recent jobs" className="space-y-3">
                {jobs.map((job) => (
                  <li key={job.id}>
                    <HomeownerJobCard job={job} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
      <FinishedJobs user={user} recentIds={new Set(recent.data?.jobs.map((job) => job.id))} />
    </div>
  );
}

function HomeownerJobCard({ job }: { job: Job }) {
  return (
    <JobCard job={job} show={['status', 'ages', 'duration', 'teen']} headingLevel={3}>
      <PaymentBadge payment={job.payment} />
      <JobActionButtons job={job} only={['cancel']} size="sm" />
      <PaymentActions job={job} />
      <WriteReviewLink job={job} />
    </JobCard>
  );
}

/**
 * Completed and verified jobs older than the three recent ones still wait for the homeowner's
 * 'Release Payment' (spec 2), so they are listed too.
 */
function FinishedJobs({ user, recentIds }: { user: User; recentIds: ReadonlySet<string> }) {
  const finished = useQuery(jobQueries.list({ homeownerId: user.id, status: ['completed', 'verified'], limit: 20 }));
  const jobs = finished.data?.jobs.filter((job) => !recentIds.has(job.id)) ?? [];
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="finished-title" className="space-y-3">
      <h2 id="finished-title" className="text-lg font-bold">
        Completed Jobs
      </h2>
      <ul aria-label="Completed jobs" className="space-y-3">
        {jobs.map((job) => (
          <li key={job.id}>
            <HomeownerJobCard job={job} />
          </li>
        ))}
      </ul>
    </section>
  );
}
