import type { Point } from '../../../contract/routes';
import { projectPoints } from './map-projection';

const WIDTH = 320;
const HEIGHT = 220;
const PADDING = 22;

/**
 * The tour drawn on a blank background: the start (where the route begins and ends) as a square,
 * each stop as a numbered circle in visiting order (filled once visited), the round trip as one line. Plain SVG, so it
 * costs nothing to load and works with no network (no tiles, no map library).
 */
export function RouteMap({ start, stops, label }: { start: Point; stops: readonly (Point & { stopOrder: number; visitedAt?: string | null })[]; label: string }) {
  const [origin, ...placed] = projectPoints([start, ...stops], WIDTH, HEIGHT, PADDING);
  if (!origin) return null;
  const tour = [origin, ...placed, origin].map((p) => `${p.x},${p.y}`).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full rounded-2xl border border-slate-200 bg-slate-50">
      <polyline points={tour} fill="none" stroke="var(--color-brand-700)" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
      <g aria-hidden="true">
        <rect x={origin.x - 9} y={origin.y - 9} width={18} height={18} rx={3} fill="#0f172a" />
        <text x={origin.x} y={origin.y + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill="#fff">
          S
        </text>
        {stops.map((stop, index) => {
          const p = placed[index]!;
          return (
            <g key={stop.stopOrder}>
              <circle cx={p.x} cy={p.y} r={10} fill={stop.visitedAt ? 'var(--color-brand-800)' : '#fff'} stroke="var(--color-brand-800)" strokeWidth={2.5} />
              <text x={p.x} y={p.y + 4} textAnchor="middle" fontSize={stop.stopOrder > 99 ? 8 : 11} fontWeight={700} fill={stop.visitedAt ? '#fff' : 'var(--color-brand-900)'}>
                {stop.stopOrder}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
