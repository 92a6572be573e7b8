import type { DistanceMatrix } from './matrix';

/** A TSPLIB instance of type EUC_2D: its name and the coordinates of its points, in file order. */
export interface TsplibInstance {
  name: string;
  points: { x: number; y: number }[];
}

/** Reads a TSPLIB .tsp file (TSPLIB95 format): only EUC_2D instances, the ones the bench uses. */
export function parseTsplib(text: string): TsplibInstance {
  const lines = text.split(/\r?\n/);
  const header = new Map<string, string>();
  const points: { x: number; y: number }[] = [];
  let inCoordinates = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line === 'EOF') continue;
    if (line === 'NODE_COORD_SECTION') {
      inCoordinates = true;
      continue;
    }
    if (inCoordinates) {
      const [, x, y] = line.split(/\s+/);
      points.push({ x: Number(x), y: Number(y) });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) header.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  if (header.get('EDGE_WEIGHT_TYPE') !== 'EUC_2D') throw new Error(`only EUC_2D instances are read, got ${header.get('EDGE_WEIGHT_TYPE')}`);
  const dimension = Number(header.get('DIMENSION'));
  if (points.length !== dimension || points.some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y))) {
    throw new Error(`expected ${dimension} points, read ${points.length}`);
  }
  return { name: header.get('NAME') ?? '', points };
}

/** TSPLIB's EUC_2D distance: the Euclidean distance rounded to the nearest integer, nint(sqrt(dx^2 + dy^2)). */
export function euc2dMatrix(points: readonly { x: number; y: number }[]): DistanceMatrix {
  const n = points.length;
  const cells = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const a = points[i]!;
      const b = points[j]!;
      cells[i * n + j] = Math.floor(Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2) + 0.5);
    }
  }
  return { size: n, cells };
}

/** A TSPLIB .opt.tour file: the points of the tour, 0-based, in order. */
export function parseTsplibTour(text: string): number[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const start = lines.indexOf('TOUR_SECTION');
  if (start < 0) throw new Error('no TOUR_SECTION');
  const tour: number[] = [];
  for (const line of lines.slice(start + 1)) {
    for (const token of line.split(/\s+/).filter(Boolean)) {
      const point = Number(token);
      if (point === -1 || token === 'EOF') return tour;
      tour.push(point - 1);
    }
  }
  return tour;
}

/** The `optimal.csv` beside the instances: instance name -> proven optimal tour length. */
export function parseOptima(csv: string): Map<string, number> {
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  const columns = header!.split(',');
  const name = columns.indexOf('name');
  const length = columns.indexOf('optimal_length');
  if (name < 0 || length < 0) throw new Error('optimal.csv needs the columns name and optimal_length');
  return new Map(rows.map((row) => row.split(',')).map((cells) => [cells[name]!, Number(cells[length])]));
}
