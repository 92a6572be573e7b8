import { useId } from 'react';
import type { RouteAnalytics } from '../../../contract/routes';
import { formatMiles, formatRouteDate } from './format';

const WIDTH = 320;
const HEIGHT = 140;
const AXIS = 4;

type Point = RouteAnalytics['perRoute'][number];

/**
 * Miles saved by each route as plain SVG bars, oldest first (a route longer than its chosen order
 * goes below the line). The table beside it carries the same figures for screen readers and exact reading.
 */
export function SavingsChart({ routes }: { routes: readonly Point[] }) {
  const values = routes.map((route) => route.distanceSaved);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const range = top - bottom || 1;
  const y = (miles: number) => AXIS + ((top - miles) / range) * (HEIGHT - 2 * AXIS);
  const slot = WIDTH / Math.max(routes.length, 1);
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="space-y-2">
      <figcaption id={captionId} className="font-semibold text-slate-900">Distance saved per route</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" className="h-auto w-full rounded-xl bg-slate-50">
        {routes.map((route, index) => {
          const from = y(Math.max(0, route.distanceSaved));
          const to = y(Math.min(0, route.distanceSaved));
          return (
            <rect
              key={route.routeId}
              x={index * slot + (slot - barWidth) / 2}
              y={from}
              width={barWidth}
              height={Math.max(1, to - from)}
              rx={2}
              fill={route.distanceSaved < 0 ? '#b91c1c' : 'var(--color-brand-700)'}
            />
          );
        })}
        <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} stroke="#475569" strokeWidth={1} />
      </svg>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="font-medium">
              Route
            </th>
            <th scope="col" className="text-right font-medium">
              Saved
            </th>
          </tr>
        </thead>
        <tbody>
          {routes.map((route) => (
            <tr key={route.routeId} className="border-t border-slate-200">
              <td className="py-1 text-slate-900">
                {route.name} <span className="text-slate-700">({formatRouteDate(route.date)})</span>
              </td>
              <td className="py-1 text-right text-slate-900">
                {formatMiles(route.distanceSaved)} ({route.savingsPercent.toFixed(1)}%)
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
