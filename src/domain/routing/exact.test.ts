import { describe, expect, it } from 'vitest';
import { exactTour } from './exact';
import { isTourOf, matrixFromRows, tourLength, type DistanceMatrix } from './matrix';
import { oneTreeBound } from './lower-bound';
import { randomInt, seededRandom, type RandomSource } from '../random';
import { solveRoute } from './solve';

/** Every tour from the depot, by trying every order of the other points: the reference. */
function bruteForce(matrix: DistanceMatrix): number {
  const stops = Array.from({ length: matrix.size - 1 }, (_, i) => i + 1);
  let best = Number.POSITIVE_INFINITY;
  const permute = (k: number) => {
    if (k === stops.length) {
      best = Math.min(best, tourLength(matrix, [0, ...stops]));
      return;
    }
    for (let i = k; i < stops.length; i++) {
      [stops[k], stops[i]] = [stops[i]!, stops[k]!];
      permute(k + 1);
      [stops[k], stops[i]] = [stops[i]!, stops[k]!];
    }
  };
  permute(0);
  return matrix.size === 0 ? 0 : best;
}

type Kind = 'euclidean' | 'clustered' | 'asymmetric' | 'whole numbers';

function randomMatrix(random: RandomSource, n: number, kind: Kind): DistanceMatrix {
  if (kind === 'asymmetric') {
    return matrixFromRows(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : 1 + random() * 99))));
  }
  const centres = [0, 1, 2].map(() => ({ x: random() * 100, y: random() * 100 }));
  const points = Array.from({ length: n }, () => {
    if (kind !== 'clustered') return { x: random() * 100, y: random() * 100 };
    const c = centres[randomInt(random, centres.length)]!;
    return { x: c.x + random() * 5, y: c.y + random() * 5 };
  });
  return matrixFromRows(
    points.map((a) =>
      points.map((b) => {
        const e = Math.hypot(a.x - b.x, a.y - b.y);
        return kind === 'whole numbers' ? Math.round(e) : e;
      }),
    ),
  );
}

const KINDS: Kind[] = ['euclidean', 'clustered', 'asymmetric', 'whole numbers'];
const INSTANCES_PER_CASE = 15;
// Sizes are points including the depot: up to 9 points, 8! = 40,320 orders for the reference.
const CASES = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => KINDS.map((kind) => [n, kind] as const));

describe('the exact solver (Held-Karp)', () => {
  it.each(CASES)('finds the optimum of brute force with %i points (%s), on %i random instances', (n, kind) => {
    const random = seededRandom(1000 * n + KINDS.indexOf(kind));
    for (let instance = 0; instance < INSTANCES_PER_CASE; instance++) {
      const matrix = randomMatrix(random, n, kind);
      const { tour, length } = exactTour(matrix);
      const optimum = bruteForce(matrix);
      expect(isTourOf(matrix, tour)).toBe(true);
      expect(length).toBeCloseTo(tourLength(matrix, tour), 9);
      expect(length).toBeCloseTo(optimum, 9);
    }
  });

  it('and the Held-Karp 1-tree bound is never above that optimum', () => {
    const random = seededRandom(77);
    for (const n of [3, 4, 5, 6, 7, 8, 9]) {
      for (const kind of KINDS) {
        for (let instance = 0; instance < INSTANCES_PER_CASE; instance++) {
          const matrix = randomMatrix(random, n, kind);
          const optimum = bruteForce(matrix);
          const bound = oneTreeBound(matrix, { upperBound: optimum * 1.2 });
          expect(bound).toBeLessThanOrEqual(optimum + 1e-9);
          // The bound is a real one, not a zero: on symmetric instances it is within a third of the optimum.
          if (kind !== 'asymmetric') expect(bound).toBeGreaterThan(optimum * 0.66);
        }
      }
    }
  });

  it('solves 12 stops exactly in a few milliseconds and refuses 13', () => {
    const matrix = randomMatrix(seededRandom(12), 13, 'euclidean');
    const solution = solveRoute(matrix, { now: () => performance.now() });
    expect(solution.method).toBe('exact');
    expect(solution.lowerBound).toBe(solution.length);
    expect(solution.routeEfficiency).toBe(100);
    expect(solution.computeMs).toBeLessThan(200);
    expect(() => exactTour(randomMatrix(seededRandom(13), 14, 'euclidean'))).toThrow(RangeError);
  });
});
