import { useEffect, useRef } from 'react';
import { formatDuration } from '../../../domain/format';
import type { OptimizationResult } from '../../../contract/routes';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Figure } from './figure';
import { arrivalClock, formatMiles, formatPercent } from './format';
import { TourMap } from '../maps/lazy-maps';

const METHOD_TEXT = {
  exact: 'The shortest round trip through these stops, proven.',
  heuristic: 'A near-shortest round trip, found by local search.',
} as const;

/** The optimized round trip: totals, what it saved and how close to the best it is, the map, then each stop in order. */
export function OptimizationResultView({
  result,
  date,
  startTime,
  titleOf,
}: {
  result: OptimizationResult;
  /** The day and local 'HH:MM' start the result was asked for. */
  date: string;
  startTime: string;
  titleOf: (jobId: string) => string | undefined;
}) {
  const { optimizationData: data } = result;
  const formatArrival = arrivalClock({ date, startTime, stops: result.stops });
  const legsMiles = result.stops.reduce((sum, stop) => sum + stop.distanceFromPrevious, 0);
  const backMiles = Math.max(0, result.totalDistance - legsMiles);
  // The result appears below the list: focus (and so the view) goes to it, and a screen reader reads its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result]);
  return (
    <section aria-labelledby="optimized-title" className="space-y-4">
      <h2 id="optimized-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
        Optimized Route
      </h2>
      <Card>
        <dl className="grid grid-cols-2 gap-3">
          <Figure term="Total distance" value={formatMiles(result.totalDistance)} />
          <Figure term="Estimated duration" value={formatDuration(result.estimatedDuration)} />
          <Figure term="Distance saved" value={formatPercent(data.savings)} />
          <Figure term="Route efficiency" value={formatPercent(data.routeEfficiency)} />
        </dl>
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge tone={data.method === 'exact' ? 'green' : 'blue'}>{data.method}</Badge>
          <span>
            {METHOD_TEXT[data.method]} Distance saved is against visiting the jobs in the list&apos;s order; efficiency is the shortest any round trip could be
            ({formatMiles(data.lowerBound)}) over this one.
          </span>
        </p>
      </Card>
      <TourMap
        start={result.start}
        stops={result.stops}
        label={`Map of the route: ${result.stops.length} ${result.stops.length === 1 ? 'stop' : 'stops'} in order, starting and ending at S`}
      />
      <ol aria-label="Stops in order" className="space-y-2">
        {result.stops.map((stop) => (
          <li key={stop.jobId} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
            <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 border-brand-800 font-bold text-brand-900">
              {stop.stopOrder}
            </span>
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                <span className="sr-only">Stop {stop.stopOrder}: </span>
                {titleOf(stop.jobId) ?? stop.address}
              </p>
              <p className="text-slate-700">{stop.address}</p>
              <p className="text-slate-700">
                Arrive {formatArrival(stop.estimatedArrival)} · {formatMiles(stop.distanceFromPrevious)}, {formatDuration(stop.travelTimeFromPrevious)} from the{' '}
                {stop.stopOrder === 1 ? 'start' : 'previous stop'}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-700">Then back to the start: {formatMiles(backMiles)}.</p>
    </section>
  );
}
