import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Route as RouteIcon } from 'lucide-react';
import { useState } from 'react';
import type { JobStatus } from '../../../contract/jobs';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadMore, QueryState } from '../../components/ui/query-state';
import { serverMessage } from '../../lib/api';
import { CreateDemoDataButton } from '../demo/create-demo-data-button';
import { jobQueries } from '../jobs/api';
import { EmptyState } from '../jobs/paged-job-list';
import { useOptimizeRoute } from './api';
import { JobPicker } from './job-picker';
import { ManagedTeens } from './managed-teens';
import { OptimizationResultView } from './optimization-result';
import { RouteBase } from './route-base';
import { SaveRouteForm } from './save-route-form';

/** The jobs a coordinator may still visit on a round: open (posted or held by a lock) and accepted. */
const ROUTABLE: readonly JobStatus[] = ['posted', 'locked', 'accepted'];
const PAGE = 100;
/** The optimizer's own default: the round leaves the start at 9:00 local time. */
const DEFAULT_START_TIME = '09:00';

const pad = (n: number) => String(n).padStart(2, '0');
/** Today on this device's calendar, 'YYYY-MM-DD'. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Spec 2's Route Optimizer tab: a date, the jobs to visit, the teens, Optimize Route, then the result and Save Route. */
export function RouteOptimizerTab({ coordinatorId, onSaved }: { coordinatorId: string; onSaved: () => void }) {
  const [date, setDate] = useState(today);
  const [startTime, setStartTime] = useState(DEFAULT_START_TIME);
  const [selected, setSelected] = useState<string[]>([]);
  const jobs = useInfiniteQuery({ ...jobQueries.pages({ status: ROUTABLE, coordinatorId, limit: PAGE }), placeholderData: keepPreviousData });
  const optimize = useOptimizeRoute();
  const list = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];
  const titles = new Map(list.map((job) => [job.id, job.title]));
  // A result answers one choice of jobs and day: changing either puts it away.
  const choose = (next: string[]) => {
    setSelected(next);
    optimize.reset();
  };
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Route date"
          type="date"
          value={date}
          required
          onChange={(event) => {
            setDate(event.target.value);
            optimize.reset();
          }}
        />
        <Field
          label="Start time"
          type="time"
          value={startTime}
          required
          onChange={(event) => {
            setStartTime(event.target.value);
            optimize.reset();
          }}
        />
      </div>
      <RouteBase onChanged={() => optimize.reset()} />
      <QueryState query={jobs} what="jobs" loading="Loading jobs...">
        {() =>
          list.length === 0 ? (
            <EmptyState title="No jobs to visit" text="The route optimizer needs at least one available job. Open and accepted jobs in your area show up here." action={<CreateDemoDataButton />} />
          ) : (
            <div className="space-y-3">
              <JobPicker jobs={list} selected={selected} onChange={choose} />
              <LoadMore query={jobs} loading="Loading more jobs..." />
              {/* Kept in reach under a long list of jobs on a phone. */}
              <div className="sticky bottom-0 z-10 -mx-4 space-y-2 border-t border-slate-200 bg-white px-4 py-3">
                {selected.length === 0 && <p className="text-sm text-slate-700">Select at least one job to optimize.</p>}
                <Button
                  size="lg"
                  className="w-full"
                  disabled={selected.length === 0 || !date || !startTime || optimize.isPending}
                  onClick={() => optimize.mutate({ jobIds: selected, date, startTime })}
                >
                  <RouteIcon aria-hidden="true" className="h-5 w-5" />
                  {optimize.isPending ? 'Optimizing...' : 'Optimize Route'}
                </Button>
              </div>
              {optimize.isError && (
                <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
                  {serverMessage(optimize.error) ?? 'Could not optimize the route. Please try again.'}
                </p>
              )}
            </div>
          )
        }
      </QueryState>
      {optimize.data && (
        <div className="space-y-4">
          <OptimizationResultView result={optimize.data} date={date} startTime={startTime} titleOf={(jobId) => titles.get(jobId)} />
          <SaveRouteForm coordinatorId={coordinatorId} date={date} startTime={startTime} result={optimize.data} chosenOrder={optimize.variables?.jobIds ?? []} onSaved={onSaved} />
        </div>
      )}
      <ManagedTeens coordinatorId={coordinatorId} />
    </div>
  );
}
