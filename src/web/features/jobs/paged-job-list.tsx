import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Job } from '../../../contract/jobs';
import { LoadMore, QueryState } from '../../components/ui/query-state';
import { jobQueries, type JobFilters } from './api';

/** A list of jobs from GET /api/jobs with its loading, error and empty states and 'Load more'. */
export function PagedJobList({
  filters,
  label,
  renderJob,
  empty,
  loadingText = 'Loading jobs...',
}: {
  filters: JobFilters;
  label: string;
  renderJob: (job: Job) => ReactNode;
  empty: ReactNode;
  loadingText?: string;
}) {
  // While new filters load, the last results stay (no flash of 'Loading jobs...', no lost dialog).
  const query = useInfiniteQuery({ ...jobQueries.pages(filters), placeholderData: keepPreviousData });
  return (
    <QueryState query={query} what="jobs" loading={loadingText}>
      {(data) => {
        const jobs = data.pages.flatMap((page) => page.jobs);
        if (jobs.length === 0) return empty;
        return (
          <div className="space-y-3">
            <ul aria-label={label} aria-busy={query.isPlaceholderData || undefined} className={`space-y-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
              {/* Cards below the screen skip layout and paint until they are scrolled near (a phone's
                  first paint lays out two cards, not a page of them); each keeps its last real height. */}
              {jobs.map((job) => (
                <li key={job.id} className="[contain-intrinsic-size:auto_20rem] [content-visibility:auto]">
                  {renderJob(job)}
                </li>
              ))}
            </ul>
            <LoadMore query={query} loading="Loading more jobs..." />
          </div>
        );
      }}
    </QueryState>
  );
}

/** The empty state of a list: an icon-free heading, a line of text and an optional action. */
export function EmptyState({ title, text, action, headingLevel = 2 }: { title: string; text?: string; action?: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-3 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
      <Heading className="text-lg font-bold text-slate-900">{title}</Heading>
      {text && <p className="text-slate-700">{text}</p>}
      {action}
    </div>
  );
}
