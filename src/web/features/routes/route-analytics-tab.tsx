import { useQuery } from '@tanstack/react-query';
import type { RouteAnalytics } from '../../../contract/routes';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../jobs/paged-job-list';
import { routeQueries } from './api';
import { Figure } from './figure';
import { formatMiles, formatPercent } from './format';
import { SavingsChart } from './savings-chart';

/** Spec 2's Route Analytics, computed by the server from the saved routes (no hardcoded figures). */
export function RouteAnalyticsTab({ coordinatorId }: { coordinatorId: string }) {
  const analytics = useQuery(routeQueries.analytics(coordinatorId));
  return (
    <QueryState query={analytics} what="analytics" loading="Loading analytics...">
      {(data) => <AnalyticsFigures data={data} />}
    </QueryState>
  );
}

function AnalyticsFigures({ data }: { data: RouteAnalytics }) {
  const routes = data.routesPlanned + data.routesInProgress + data.routesCompleted;
  if (routes === 0) return <EmptyState title="No routes saved yet" text="Analytics are computed from your saved routes: save a route to see them." />;
  return (
    <div className="space-y-4">
      <Card>
        <dl className="grid grid-cols-2 gap-3">
          <Figure term="Routes" value={String(routes)} detail={`${data.routesPlanned} planned, ${data.routesInProgress} in progress, ${data.routesCompleted} completed`} />
          <Figure term="Jobs per route" value={orDash(data.jobsPerRoute, (n) => n.toFixed(1))} />
          <Figure term="Distance saved" value={orDash(data.distanceSavedPercent, formatPercent)} detail={formatMiles(data.distanceSaved)} />
          <Figure term="Route efficiency" value={orDash(data.efficiencyPercent, formatPercent)} />
          <Figure term="Total distance" value={formatMiles(data.totalDistance)} />
          <Figure term="Stops visited" value={String(data.stopsVisited)} />
          <Figure term="Jobs verified" value={String(data.jobsVerified)} />
          <Figure term="Completion to verification" value={orDash(data.medianHoursToVerification, (h) => `${h.toFixed(1)} h`)} detail="median" />
        </dl>
      </Card>
      <SavingsChart routes={data.perRoute} />
    </div>
  );
}

const orDash = (value: number | null, format: (n: number) => string) => (value === null ? '—' : format(value));
