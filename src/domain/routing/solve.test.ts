import { describe, expect, it } from 'vitest';
import { exactTour } from './exact';
import { heuristicTour } from './local-search';
import { isTourOf, matrixFrom, matrixFromRows, tourLength, type DistanceMatrix } from './matrix';
import { seededRandom } from '../random';
import { solveRoute } from './solve';
import { euc2dMatrix, parseOptima, parseTsplib, parseTsplibTour } from './tsplib';

const STOPPED_CLOCK = () => 0;

function randomPoints(seed: number, n: number): { x: number; y: number }[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => ({ x: random() * 1000, y: random() * 1000 }));
}

function euclidean(points: { x: number; y: number }[]): DistanceMatrix {
  return matrixFrom(points, (a, b) => Math.hypot(a.x - b.x, a.y - b.y));
}

/** A clock that moves 1 ms each time it is read: the same run on any machine. */
function tickingClock(): () => number {
  let t = 0;
  return () => t++;
}

describe('the heuristic solver', () => {
  it('returns a tour of every point from the depot, for sizes from 5 to 201 points, whose length every move accounted for', () => {
    for (const n of [5, 6, 7, 14, 15, 40, 99, 201]) {
      const matrix = euclidean(randomPoints(n, n));
      const { tour, trackedLength } = heuristicTour(matrix, { deadline: Number.POSITIVE_INFINITY, now: STOPPED_CLOCK, random: seededRandom(1), maxIterations: 500 });
      expect(isTourOf(matrix, tour), `n = ${n}`).toBe(true);
      // The gain of each 2-opt and Or-opt move and the cost of each kick, summed, match the tour made.
      expect(trackedLength).toBeCloseTo(tourLength(matrix, tour), 6);
    }
  });

  it('finds the proven optimum of 40 random instances of 5 to 13 points', () => {
    for (let instance = 0; instance < 40; instance++) {
      const n = 5 + (instance % 9);
      const matrix = euclidean(randomPoints(500 + instance, n));
      const { tour } = heuristicTour(matrix, { deadline: Number.POSITIVE_INFINITY, now: STOPPED_CLOCK, random: seededRandom(instance), maxIterations: 300 });
      expect(tourLength(matrix, tour)).toBeCloseTo(exactTour(matrix).length, 6);
    }
  });

  it('untangles a shuffled circle into the circle (2-opt and Or-opt alone, no kick)', () => {
    const n = 60;
    const order = Array.from({ length: n }, (_, i) => i);
    const random = seededRandom(3);
    for (let i = n - 1; i > 1; i--) {
      const j = 1 + Math.floor(random() * i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const points = order.map((k) => ({ x: Math.cos((2 * Math.PI * k) / n), y: Math.sin((2 * Math.PI * k) / n) }));
    const matrix = euclidean(points);
    const { tour, iterations } = heuristicTour(matrix, { deadline: Number.POSITIVE_INFINITY, now: STOPPED_CLOCK, random: seededRandom(1), maxIterations: 0 });
    expect(iterations).toBe(0);
    expect(tourLength(matrix, tour)).toBeCloseTo(2 * n * Math.sin(Math.PI / n), 9);
  });

  it('is deterministic: the same seed and clock give the same tour; the kick count reproduces a timed run', () => {
    const matrix = euclidean(randomPoints(42, 120));
    const run = (seed: number) => solveRoute(matrix, { now: tickingClock(), seed, timeBudgetMs: 400 });
    const first = run(9);
    const again = run(9);
    expect(again.tour).toEqual(first.tour);
    expect(again.iterations).toBe(first.iterations);
    expect(first.iterations).toBeGreaterThan(10);
    const other = run(10);
    expect(isTourOf(matrix, other.tour)).toBe(true);
    // A run under the real clock is replayed exactly by its seed and its number of kicks.
    const timed = solveRoute(matrix, { now: () => performance.now(), seed: 5, timeBudgetMs: 30 });
    const replay = solveRoute(matrix, { now: STOPPED_CLOCK, seed: 5, maxIterations: timed.iterations, timeBudgetMs: 1e9 });
    expect(replay.tour).toEqual(timed.tour);
  });

  it('stops at the time budget of the injected clock', () => {
    const matrix = euclidean(randomPoints(7, 80));
    let t = 0;
    const solution = solveRoute(matrix, { now: () => (t += 0.5), timeBudgetMs: 50 });
    expect(solution.method).toBe('heuristic');
    // 80% of 50 ms for the search at 0.5 ms a reading: about 80 kicks, then the bound until 50 ms.
    expect(solution.iterations).toBeGreaterThan(60);
    expect(solution.iterations).toBeLessThanOrEqual(80);
    expect(solution.computeMs).toBeLessThan(60);
  });

  it('orients an asymmetric tour the shorter way round', () => {
    const n = 20;
    // Going round the circle upwards costs 1 a leg, downwards 10: the best tour is 0, 1, 2, ... 19.
    const rows = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : (j - i + n) % n === 1 ? 1 : (i - j + n) % n === 1 ? 10 : 50)));
    const solution = solveRoute(matrixFromRows(rows), { now: STOPPED_CLOCK, maxIterations: 50 });
    expect(solution.length).toBe(n);
    expect(solution.tour).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(solution.lowerBound).toBeLessThanOrEqual(n);
  });
});

describe('the figures of a solution', () => {
  it('savings compare with the order given, efficiency with the bound', () => {
    // Four corners of a square given crosswise: 0 (0,0), 1 (1,1), 2 (1,0), 3 (0,1).
    const points = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ];
    const solution = solveRoute(euclidean(points), { now: STOPPED_CLOCK });
    expect(solution.length).toBeCloseTo(4, 9);
    expect(solution.givenOrderLength).toBeCloseTo(2 + 2 * Math.SQRT2, 9);
    expect(solution.savings).toBeCloseTo((100 * (2 * Math.SQRT2 - 2)) / (2 + 2 * Math.SQRT2), 9);
    expect(solution.routeEfficiency).toBe(100);
  });

  it('a lone depot, or every stop at the depot, is a tour of length 0 with no savings', () => {
    expect(solveRoute(matrixFromRows([[0]]), { now: STOPPED_CLOCK })).toMatchObject({ tour: [0], length: 0, savings: 0, routeEfficiency: 100 });
    const same = solveRoute(matrixFromRows(Array.from({ length: 20 }, () => Array.from({ length: 20 }, () => 0))), { now: STOPPED_CLOCK, maxIterations: 10 });
    expect(same).toMatchObject({ length: 0, savings: 0, routeEfficiency: 100, lowerBound: 0 });
  });

  it('a heuristic tour is never below its bound, and the bound is close on points spread at random', () => {
    const matrix = euclidean(randomPoints(11, 150));
    const solution = solveRoute(matrix, { now: STOPPED_CLOCK, maxIterations: 2000 });
    expect(solution.lowerBound).toBeLessThanOrEqual(solution.length);
    expect(solution.routeEfficiency).toBeGreaterThan(97);
  });

  it('refuses a matrix that is not square or has a negative or missing distance', () => {
    expect(() => matrixFromRows([[0, 1], [1]])).toThrow(RangeError);
    expect(() => matrixFromRows([[0, -1], [1, 0]])).toThrow(RangeError);
    expect(() => matrixFromRows([[0, Number.NaN], [1, 0]])).toThrow(RangeError);
    expect(() => solveRoute({ size: 3, cells: new Float64Array(4) }, { now: STOPPED_CLOCK })).toThrow(/9 cells/);
    expect(() => solveRoute({ size: 2, cells: Float64Array.from([0, Number.POSITIVE_INFINITY, 1, 0]) }, { now: STOPPED_CLOCK })).toThrow(/finite/);
  });
});

describe('TSPLIB instances', () => {
  it('read EUC_2D points and round each distance to the nearest integer (nint)', () => {
    const text = 'NAME : tiny\nTYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\n 3  1.5 0.2\nEOF\n';
    const instance = parseTsplib(text);
    expect(instance.name).toBe('tiny');
    const matrix = euc2dMatrix(instance.points);
    expect(Array.from(matrix.cells)).toEqual([0, 5, 2, 5, 0, 4, 2, 4, 0]);
    expect(() => parseTsplib(text.replace('EUC_2D', 'GEO'))).toThrow(/EUC_2D/);
    expect(() => parseTsplib(text.replace('DIMENSION : 3', 'DIMENSION : 4'))).toThrow(/4 points/);
  });

  it('read an optimal tour (1-based, ended by -1) and the table of optima', () => {
    expect(parseTsplibTour('NAME : t\nTYPE : TOUR\nTOUR_SECTION\n1\n3 2\n-1\nEOF\n')).toEqual([0, 2, 1]);
    expect(() => parseTsplibTour('NAME : t\n')).toThrow(/TOUR_SECTION/);
    const optima = parseOptima('name,dimension,edge_weight_type,optimal_length\neil51,51,EUC_2D,426\nst70,70,EUC_2D,675\n');
    expect([...optima]).toEqual([
      ['eil51', 426],
      ['st70', 675],
    ]);
  });
});
