import { Search } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../../contract/auth';
import { CATEGORY_LABELS, EXPLORER_PAGE_SIZE, JOB_CATEGORIES, type JobCategory, type QuickFilter } from '../../contract/job-constants';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';
import { ChoiceGroup } from '../components/ui/choice-group';
import { HydratedFieldset } from '../components/ui/hydrated-fieldset';
import { SelectField } from '../components/ui/select';
import { AcceptJobButton } from '../features/jobs/accept-job-button';
import type { JobFilters } from '../features/jobs/api';
import { JobCard } from '../features/jobs/job-card';
import { EmptyState, PagedJobList } from '../features/jobs/paged-job-list';
import { useDebouncedValue } from '../features/jobs/use-debounced-value';

/** Spec 9's explorer filters, with their limits in the labels. */
const QUICK_CHOICES: { value: QuickFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'high_pay', label: '$40+' },
  { value: 'quick', label: '≤ 90 min' },
  { value: 'nearby', label: '≤ 1.5 mi' },
];

// Spec 2: only posted jobs; every filter runs on the server.
function explorerFilters(search: string, category: JobCategory | 'all', quick: QuickFilter): JobFilters {
  return { status: ['posted'], category: category === 'all' ? undefined : category, quick, search, limit: EXPLORER_PAGE_SIZE };
}

/** What the explorer lists before anyone touches a filter (the server renders this page of it). */
export const EXPLORER_FIRST_FILTERS = explorerFilters('', 'all', 'all');

export default function JobExplorerPage() {
  return <RequireRole roles={['teen']}>{(user) => <Explorer user={user} />}</RequireRole>;
}

function Explorer({ user }: { user: User }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<JobCategory | 'all'>('all');
  const [quick, setQuick] = useState<QuickFilter>('all');
  const debouncedSearch = useDebouncedValue(search, 300);
  const filters = explorerFilters(debouncedSearch, category, quick);

  return (
    <>
      <PageHeader title="Job Explorer" backTo="/teen-dashboard" backLabel="Back to dashboard" />
      <div className="space-y-4 p-4">
        <form role="search" aria-label="Find jobs" onSubmit={(event) => event.preventDefault()}>
          <HydratedFieldset className="min-w-0 space-y-3">
            <div className="space-y-1">
              <label htmlFor="job-search" className="block text-sm font-medium text-slate-800">
                Search jobs
              </label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500" />
                <input
                  id="job-search"
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder="Lawn, leaves, snow..."
                  maxLength={100}
                  className="block h-11 w-full rounded-lg border border-slate-400 bg-white pl-10 pr-3 text-base text-slate-900 placeholder:text-slate-500"
                />
              </div>
            </div>
            <SelectField label="Category" value={category} onChange={(event) => setCategory(event.target.value as JobCategory | 'all')}>
              <option value="all">All categories</option>
              {JOB_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {CATEGORY_LABELS[value]}
                </option>
              ))}
            </SelectField>
            <ChoiceGroup label="Quick filter" value={quick} onChange={setQuick} choices={QUICK_CHOICES} />
          </HydratedFieldset>
        </form>

        <PagedJobList
          filters={filters}
          label="Available jobs"
          empty={<EmptyState title="No jobs found matching your criteria" text="Try another search or filter, or check back soon." />}
          renderJob={(job) => (
            <JobCard job={job} linkTitle={false} show={['category', 'distance', 'duration', 'description', 'location', 'demands', 'ages', 'safety']}>
              <AcceptJobButton job={job} user={user} />
              <ButtonLink to={`/job/${job.id}`} variant="secondary" size="sm">
                Details
              </ButtonLink>
            </JobCard>
          )}
        />
      </div>
    </>
  );
}
