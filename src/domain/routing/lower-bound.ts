import type { DistanceMatrix } from './matrix';

export interface BoundOptions {
  /** The length of a known tour: steers the step size and stops the search once the bound meets it. */
  upperBound: number;
  /** Subgradient steps at most (each one is a minimum spanning tree, O(n^2)). */
  maxIterations?: number;
  /** Stop at the first step that starts at or after this instant of `now` (the bound so far stays valid). */
  deadline?: number;
  now?: () => number;
}

/**
 * The Held-Karp lower bound: a 1-tree (a spanning tree of points 1..n-1 plus the two cheapest
 * edges of point 0) is never longer than a tour, and neither is one under costs
 * c(i, j) + pi(i) + pi(j) minus 2 * sum(pi), for any pi. Subgradient optimisation raises pi at
 * points of degree above 2 and lowers it at leaves until the tree looks like a tour (Held and
 * Karp 1971, Polyak steps towards the upper bound). An asymmetric matrix is bounded through
 * min(c(i, j), c(j, i)). A matrix of whole numbers gives a whole-number bound (rounded up).
 */
export function oneTreeBound(matrix: DistanceMatrix, options: BoundOptions): number {
  const { size: n, cells } = matrix;
  if (n <= 1) return 0;
  if (n === 2) return cells[1]! + cells[n]!;
  const w = new Float64Array(n * n);
  let whole = true;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const c = Math.min(cells[i * n + j]!, cells[j * n + i]!);
      w[i * n + j] = c;
      if (whole && !Number.isInteger(c)) whole = false;
    }
  }
  const pi = new Float64Array(n);
  const degree = new Int32Array(n);
  const key = new Float64Array(n);
  const parent = new Int32Array(n);
  const outside = new Int32Array(n);
  const maxIterations = options.maxIterations ?? Math.max(100, 4 * n);
  let best = Number.NEGATIVE_INFINITY;
  let lambda = 2;
  let sinceImproved = 0;
  const patience = Math.max(10, Math.floor(n / 4));

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (iteration > 0 && options.now && options.deadline !== undefined && options.now() >= options.deadline) break;
    // Prim's tree over points 1..n-1 under the shifted costs; `outside` lists the points not yet in
    // it, so each step relaxes and picks the next point in one pass over a shrinking list.
    degree.fill(0);
    let total = 0;
    let left = n - 2;
    for (let k = 0; k < left; k++) {
      const v = k + 2;
      outside[k] = v;
      key[v] = w[n + v]! + pi[1]! + pi[v]!;
      parent[v] = 1;
    }
    let pick = 0;
    for (let k = 1; k < left; k++) if (key[outside[k]!]! < key[outside[pick]!]!) pick = k;
    while (left > 0) {
      const u = outside[pick]!;
      outside[pick] = outside[--left]!;
      total += key[u]!;
      degree[u]!++;
      degree[parent[u]!]!++;
      const row = u * n;
      const piU = pi[u]!;
      pick = 0;
      let pickKey = Number.POSITIVE_INFINITY;
      for (let k = 0; k < left; k++) {
        const v = outside[k]!;
        const c = w[row + v]! + piU + pi[v]!;
        if (c < key[v]!) {
          key[v] = c;
          parent[v] = u;
        }
        if (key[v]! < pickKey) {
          pickKey = key[v]!;
          pick = k;
        }
      }
    }
    // Point 0's two cheapest edges.
    let first = -1;
    let second = -1;
    for (let v = 1; v < n; v++) {
      const c = w[v]! + pi[v]!;
      if (first < 0 || c < w[first]! + pi[first]!) {
        second = first;
        first = v;
      } else if (second < 0 || c < w[second]! + pi[second]!) second = v;
    }
    total += w[first]! + pi[first]! + w[second]! + pi[second]! + 2 * pi[0]!;
    degree[0] = 2;
    degree[first]!++;
    degree[second]!++;
    let piSum = 0;
    for (let v = 0; v < n; v++) piSum += pi[v]!;
    const bound = total - 2 * piSum;
    if (bound > best + 1e-9) {
      best = bound;
      sinceImproved = 0;
    } else if (++sinceImproved >= patience) {
      lambda /= 2;
      sinceImproved = 0;
    }
    let norm = 0;
    for (let v = 1; v < n; v++) norm += (degree[v]! - 2) ** 2;
    // A 1-tree in which every degree is 2 is a tour: the bound is that tour's length, optimal.
    if (norm === 0) break;
    const gap = options.upperBound - bound;
    if (gap <= 1e-9 * Math.max(1, options.upperBound) || lambda < 1e-4) break;
    const step = (lambda * gap) / norm;
    for (let v = 1; v < n; v++) pi[v] = pi[v]! + step * (degree[v]! - 2);
  }
  const bound = Math.min(best, options.upperBound);
  // Costs are never negative, so neither is a tour (and -0 never leaks out).
  return Math.max(0, whole ? Math.ceil(bound - 1e-6) : bound);
}
