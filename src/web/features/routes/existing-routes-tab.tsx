import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDuration } from '../../../domain/format';
import type { Route, UpdateRouteRequest } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { serverMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { jobQueries } from '../jobs/api';
import { JobActionButtons } from '../jobs/job-actions';
import { EmptyState } from '../jobs/paged-job-list';
import { useUpdateRoute, routeQueries } from './api';
import { arrivalClock, formatMiles, formatRouteDate } from './format';
import { TourMap } from '../maps/lazy-maps';
import { RouteStatusBadge } from './route-status-badge';

/** Spec 2's Existing Routes: each saved route with its figures and stops, started, followed and completed from here. */
export function ExistingRoutesTab({ coordinatorId }: { coordinatorId: string }) {
  const routes = useQuery(routeQueries.list(coordinatorId));
  return (
    <QueryState query={routes} what="routes" loading="Loading routes...">
      {({ routes: saved }) =>
        saved.length === 0 ? (
          <EmptyState title="No routes yet" text="Optimize a route and save it: it shows up here." />
        ) : (
          <ul aria-label="Saved routes" className="space-y-3">
            {saved.map((route) => (
              <li key={route.id}>
                <RouteCard route={route} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

const NEXT_STEP = {
  planned: { change: { status: 'in_progress' }, label: 'Start Route' },
  in_progress: { change: { status: 'completed' }, label: 'Complete Route' },
} as const satisfies Partial<Record<Route['status'], { change: UpdateRouteRequest; label: string }>>;

function RouteCard({ route }: { route: Route }) {
  const update = useUpdateRoute();
  const next = route.status === 'completed' ? null : NEXT_STEP[route.status];
  const visited = route.stops.filter((stop) => stop.visitedAt).length;
  const formatArrival = arrivalClock(route);
  // Success shows in place (the status, the visited count); only a failure is told.
  const apply = (change: UpdateRouteRequest) =>
    update.mutate({ routeId: route.id, change }, { onError: (error) => notify.error('Failed to update route', serverMessage(error) ?? 'Please try again.') });
  const titleId = `route-${route.id}`;
  const stopsId = `route-stops-${route.id}`;
  const [showStops, setShowStops] = useState(route.status === 'in_progress');
  // The area's work waiting for verification, to verify a stop's job right here (the verification
  // queue's own list; verifying marks the stop visited on the server).
  const toVerify = useQuery({ ...jobQueries.list({ status: ['completed'], coordinatorId: route.coordinatorId, limit: 100 }), enabled: showStops });
  const completedJob = new Map((toVerify.data?.jobs ?? []).map((job) => [job.id, job]));
  return (
    <Card role="article" aria-labelledby={titleId} className="space-y-3">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="font-bold text-slate-900">
            {route.name}
          </h2>
          <p className="text-sm text-slate-700">{formatRouteDate(route.date)}</p>
        </div>
        <RouteStatusBadge status={route.status} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-700">Distance</dt>
          <dd className="font-semibold text-slate-900">{formatMiles(route.totalDistance)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Duration</dt>
          <dd className="font-semibold text-slate-900">{formatDuration(route.estimatedDuration)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Stops</dt>
          <dd className="font-semibold text-slate-900">{route.status === 'planned' ? route.stops.length : `${visited} of ${route.stops.length} visited`}</dd>
        </div>
      </dl>
      {route.notes && <p className="text-sm text-slate-700">{route.notes}</p>}
      <Button variant="ghost" size="sm" aria-expanded={showStops} aria-controls={stopsId} onClick={() => setShowStops(!showStops)} className="w-full justify-between">
        {showStops ? 'Hide the stops' : 'Show the stops'}
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${showStops ? 'rotate-180' : ''}`} />
      </Button>
      {showStops && (
        <div id={stopsId} className="space-y-2">
          <TourMap
            start={route.start}
            stops={route.stops}
            label={`Map of ${route.name}: ${route.stops.length} stops in order, ${visited} visited (filled), starting and ending at S`}
          />
          <ol aria-label={`Stops of ${route.name}`} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {route.stops.map((stop) => (
              <li key={stop.jobId} className="space-y-1 px-3 py-2 text-sm">
                <p className="font-semibold text-slate-900">
                  {stop.stopOrder}. {stop.address}
                </p>
                <p className="text-slate-700">
                  Arrive {formatArrival(stop.estimatedArrival)} · {formatMiles(stop.distanceFromPrevious)}, {formatDuration(stop.travelTimeFromPrevious)}
                  {stop.visitedAt ? ` · Visited ${formatArrival(stop.visitedAt)}` : ''}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/job/${stop.jobId}`} className="inline-flex min-h-9 items-center font-semibold text-brand-800 underline">
                    Open job <span className="sr-only">(stop {stop.stopOrder})</span>
                  </Link>
                  {completedJob.has(stop.jobId) && <JobActionButtons job={completedJob.get(stop.jobId)!} only={['verify']} size="sm" />}
                  {route.status === 'in_progress' && !stop.visitedAt && (
                    <Button size="sm" variant="secondary" disabled={update.isPending} onClick={() => apply({ visitedJobId: stop.jobId })}>
                      Mark Visited <span className="sr-only">(stop {stop.stopOrder})</span>
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      {next && (
        <Button className="w-full" disabled={update.isPending} onClick={() => apply(next.change)}>
          {next.label}
        </Button>
      )}
    </Card>
  );
}
