/**
 * A distance matrix over n points, point 0 being the depot (the start and end of every tour). Stored
 * flat (row-major Float64Array) because the solver reads it millions of times a second.
 */
export interface DistanceMatrix {
  readonly size: number;
  /** d[i * size + j]: the cost of going from i to j. */
  readonly cells: Float64Array;
}

/** A tour: every point once, starting at the depot 0; the return to 0 is implied. */
export type Tour = readonly number[];

export function matrixFromRows(rows: readonly (readonly number[])[]): DistanceMatrix {
  const size = rows.length;
  const cells = new Float64Array(size * size);
  rows.forEach((row, i) => {
    if (row.length !== size) throw new RangeError(`row ${i} has ${row.length} entries, expected ${size}`);
    row.forEach((value, j) => {
      if (!Number.isFinite(value) || value < 0) throw new RangeError(`distance ${i}->${j} must be a finite number >= 0, got ${value}`);
      cells[i * size + j] = i === j ? 0 : value;
    });
  });
  return { size, cells };
}

/** The matrix of `distance(i, j)` for every pair of `points` (computed once per ordered pair). */
export function matrixFrom<P>(points: readonly P[], distance: (a: P, b: P) => number): DistanceMatrix {
  return matrixFromRows(points.map((a, i) => points.map((b, j) => (i === j ? 0 : distance(a, b)))));
}

/** Throws when `matrix` is not size x size finite costs >= 0 (a matrix that crossed a thread, say). */
export function assertMatrix(matrix: DistanceMatrix): void {
  const { size, cells } = matrix;
  if (!Number.isInteger(size) || size < 0 || cells.length !== size * size) throw new RangeError(`a matrix of ${size} points needs ${size * size} cells, got ${cells.length}`);
  for (let k = 0; k < cells.length; k++) {
    const value = cells[k]!;
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`distance ${Math.floor(k / size)}->${k % size} must be a finite number >= 0, got ${value}`);
  }
}

export function isSymmetric(matrix: DistanceMatrix): boolean {
  const { size: n, cells: d } = matrix;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (d[i * n + j] !== d[j * n + i]) return false;
  return true;
}

/** The length of the closed tour (back to its first point). */
export function tourLength(matrix: DistanceMatrix, tour: Tour): number {
  const { size: n, cells: d } = matrix;
  let total = 0;
  for (let k = 0; k < tour.length; k++) total += d[tour[k]! * n + tour[(k + 1) % tour.length]!]!;
  return total;
}

/** Whether `tour` visits every point of the matrix exactly once, starting at the depot. */
export function isTourOf(matrix: DistanceMatrix, tour: Tour): boolean {
  if (tour.length !== matrix.size || (matrix.size > 0 && tour[0] !== 0)) return false;
  const seen = new Set(tour);
  return seen.size === matrix.size && tour.every((p) => Number.isInteger(p) && p >= 0 && p < matrix.size);
}
