import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { ACTIVE_LIST_STATUSES } from '../../../contract/job-constants';
import { ButtonLink } from '../../components/ui/button';
import { Counter } from '../../components/ui/counter';
import { QueryState } from '../../components/ui/query-state';
import { progressQueries } from '../progress/api';
import { jobQueries } from './api';
import { JobCard, type JobCardPart } from './job-card';
import { EmptyState } from './paged-job-list';

/** Spec 9: Recent Activity shows 3 of the teen's jobs. */
const RECENT_JOBS = 3;
/**
 * The most active jobs read to count them (the list API's largest page). A teen holds a handful at
 * a time; past this the counters say '100+' rather than a number they cannot know.
 */
const ACTIVE_JOBS_COUNTED = 100;
const CARD_PARTS: readonly JobCardPart[] = ['status', 'hint', 'duration', 'distance'];

/**
 * The teen dashboard's Dashboard tab (spec 2): Find Jobs, the Active Jobs and Achievements counters,
 * and Recent Activity with up to 3 of the teen's active jobs (the jobs Active Jobs lists).
 */
export function TeenJobOverview({ teenId }: { teenId: string }) {
  const active = useQuery(jobQueries.list({ teenId, status: ACTIVE_LIST_STATUSES, limit: ACTIVE_JOBS_COUNTED }));
  const earned = useQuery(progressQueries.achievements(teenId));
  const achievements = earned.data ? String(earned.data.length) : '–';
  const jobs = active.data?.jobs ?? [];
  const activeCount = active.data ? `${jobs.length}${active.data.nextCursor ? '+' : ''}` : '–';
  return (
    <div className="space-y-5">
      <ButtonLink to="/job-explorer" className="w-full">
        <Search aria-hidden="true" className="h-5 w-5" />
        Find Jobs
      </ButtonLink>

      <section aria-labelledby="teen-counters-title">
        <h2 id="teen-counters-title" className="sr-only">
          Your numbers
        </h2>
        <dl className="grid grid-cols-2 gap-2 text-center">
          <Counter label="Active Jobs" value={activeCount} />
          <Counter label="Achievements" value={achievements} />
        </dl>
      </section>

      <section aria-labelledby="recent-activity-title" className="space-y-3">
        <h2 id="recent-activity-title" className="text-lg font-bold">
          Recent Activity
        </h2>
        <QueryState query={active} what="your jobs" loading="Loading jobs...">
          {() =>
            jobs.length === 0 ? (
              <EmptyState
                headingLevel={3}
                title="No active jobs yet"
                action={
                  <ButtonLink to="/job-explorer" variant="secondary">
                    Browse Available Jobs
                  </ButtonLink>
                }
              />
            ) : (
              <>
                <ul aria-label="Recent activity" className="space-y-3">
                  {jobs.slice(0, RECENT_JOBS).map((job) => (
                    <li key={job.id}>
                      <JobCard job={job} show={CARD_PARTS} headingLevel={3} />
                    </li>
                  ))}
                </ul>
                {jobs.length > RECENT_JOBS && (
                  <ButtonLink to="/active-jobs" variant="secondary" className="w-full">
                    View All Active Jobs ({activeCount})
                  </ButtonLink>
                )}
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
