import { EXACT_MAX_STOPS, exactTour } from './exact';
import { heuristicTour } from './local-search';
import { oneTreeBound } from './lower-bound';
import { assertMatrix, isSymmetric, tourLength, type DistanceMatrix, type Tour } from './matrix';
import { seededRandom, type RandomSource } from '../random';

/** Issue 17: the default time budget of one optimisation (search and bound together). */
export const DEFAULT_TIME_BUDGET_MS = 150;
/** The share of the budget the search may use; the Held-Karp bound has the rest. */
const SEARCH_SHARE = 0.8;

export interface SolveOptions {
  /** The clock, in milliseconds (performance.now on the server; a fake one in tests). */
  now: () => number;
  timeBudgetMs?: number;
  /** The source of the heuristic's kicks; by default a PRNG seeded with `seed`. */
  random?: RandomSource;
  seed?: number;
  /** The heuristic stops after this many kicks even with time left: with the same seed, the same tour. */
  maxIterations?: number;
}

export interface RouteSolution {
  /** Points in visiting order, starting at the depot 0; the tour returns to 0 after the last. */
  tour: number[];
  length: number;
  method: 'exact' | 'heuristic';
  /** No tour is shorter than this: the optimum itself when exact, else the Held-Karp 1-tree bound. */
  lowerBound: number;
  /** lowerBound / length, in percent (100 when the tour is proven optimal or has length 0). */
  routeEfficiency: number;
  /** The length of visiting the points in the order given (0, 1, 2, ... back to 0). */
  givenOrderLength: number;
  /** How much shorter than the given order, in percent. */
  savings: number;
  /** The heuristic's kicks (0 when exact). */
  iterations: number;
  computeMs: number;
}

/**
 * The shortest round trip from the depot (point 0) through every other point of the matrix: exact
 * for up to 12 stops, else the iterated 2-opt/Or-opt search within the time budget, whose tour is
 * measured against the Held-Karp bound. Pure: the clock and the randomness come in as functions.
 */
export function solveRoute(matrix: DistanceMatrix, options: SolveOptions): RouteSolution {
  assertMatrix(matrix);
  const started = options.now();
  const n = matrix.size;
  const given = Array.from({ length: n }, (_, i) => i);
  const givenOrderLength = tourLength(matrix, given);
  let tour: number[];
  let method: RouteSolution['method'];
  let iterations = 0;
  const budget = options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  if (n - 1 <= EXACT_MAX_STOPS) {
    tour = [...exactTour(matrix).tour];
    method = 'exact';
  } else {
    const symmetric = isSymmetric(matrix);
    const searched = heuristicTour(symmetric ? matrix : symmetrised(matrix), {
      deadline: started + SEARCH_SHARE * budget,
      now: options.now,
      random: options.random ?? seededRandom(options.seed ?? 1),
      maxIterations: options.maxIterations,
    });
    tour = symmetric ? searched.tour : shorterWay(matrix, searched.tour);
    iterations = searched.iterations;
    method = 'heuristic';
  }
  const length = tourLength(matrix, tour);
  const lowerBound = method === 'exact' ? length : oneTreeBound(matrix, { upperBound: length, now: options.now, deadline: started + budget });
  return {
    tour,
    length,
    method,
    lowerBound,
    routeEfficiency: length > 0 ? (100 * lowerBound) / length : 100,
    givenOrderLength,
    savings: givenOrderLength > 0 ? (100 * (givenOrderLength - length)) / givenOrderLength : 0,
    iterations,
    computeMs: options.now() - started,
  };
}

/** (c(i, j) + c(j, i)) / 2: what a round trip costs on average either way, for the symmetric search. */
function symmetrised(matrix: DistanceMatrix): DistanceMatrix {
  const { size: n, cells } = matrix;
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i * n + j] = (cells[i * n + j]! + cells[j * n + i]!) / 2;
  return { size: n, cells: out };
}

function shorterWay(matrix: DistanceMatrix, tour: Tour): number[] {
  const backwards = [tour[0]!, ...tour.slice(1).reverse()];
  return tourLength(matrix, backwards) < tourLength(matrix, tour) ? backwards : [...tour];
}
