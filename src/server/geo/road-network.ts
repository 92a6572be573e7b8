import type { LatLng } from '../../domain/geo';
import type { DistanceMatrix } from '../../domain/routing/matrix';

/** How long an optimisation waits for the routing service before it uses the default travel model. */
export const ROUTING_TIMEOUT_MS = 2000;
const METRES_PER_MILE = 1609.344;

/** One way of each pair: miles and driving minutes along the roads. */
export interface RoadTable {
  miles: DistanceMatrix;
  minutes: DistanceMatrix;
}

function matrixOf(rows: unknown, size: number, scale: number, what: string): DistanceMatrix {
  if (!Array.isArray(rows) || rows.length !== size) throw new Error(`the routing service's ${what} are not ${size} rows`);
  const cells = new Float64Array(size * size);
  rows.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== size) throw new Error(`the routing service's ${what} are not ${size} columns`);
    row.forEach((value: unknown, j) => {
      // null: no road between the two (an island, a closed area): the table cannot be used.
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`the routing service found no road for some ${what}`);
      cells[i * size + j] = value / scale;
    });
  });
  return { size, cells };
}

/**
 * OSRM's table service (ROUTING_URL, e.g. http://osrm:5000): distances and durations between every
 * pair of points by road, in miles and minutes. Throws on anything but a full table within the
 * time limit (OSRM refuses more points than its --max-table-size with 'TooBig').
 */
export async function osrmTable(baseUrl: string, points: readonly LatLng[], timeoutMs = ROUTING_TIMEOUT_MS): Promise<RoadTable> {
  const coordinates = points.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(';');
  const url = `${baseUrl.replace(/\/+$/, '')}/table/v1/driving/${coordinates}?annotations=distance,duration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as { code?: unknown; distances?: unknown; durations?: unknown } | null;
  if (!response.ok || body?.code !== 'Ok') throw new Error(`the routing service answered ${response.status} ${String(body?.code ?? '')}`.trim());
  return {
    miles: matrixOf(body.distances, points.length, METRES_PER_MILE, 'distances'),
    minutes: matrixOf(body.durations, points.length, 60, 'durations'),
  };
}
