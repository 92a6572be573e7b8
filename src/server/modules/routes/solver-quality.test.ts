import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { solveRoute } from '../../../domain/routing/solve';
import { euc2dMatrix, parseOptima, parseTsplib } from '../../../domain/routing/tsplib';

/** The TSPLIB instances copied into the repository for CI (bench/tsplib/README.md). */
const folder = fileURLToPath(new URL('../../../../bench/tsplib/', import.meta.url));
const optima = parseOptima(readFileSync(`${folder}optimal.csv`, 'utf8'));
// A fixed number of kicks instead of the clock: the same tours on a loaded CI machine as on a quiet one.
const KICKS = 1500;

describe('the route solver on TSPLIB (the unit-test budget; bench/route-solver.ts measures the real one)', () => {
  it.each(['eil51', 'berlin52', 'st70'])('%s: within 1 % of the proven optimum in 1,500 kicks, above the 1-tree bound', (instance) => {
    const matrix = euc2dMatrix(parseTsplib(readFileSync(`${folder}${instance}.tsp`, 'utf8')).points);
    const optimum = optima.get(instance)!;
    const t0 = performance.now();
    const solution = solveRoute(matrix, { now: () => 0, seed: 1, maxIterations: KICKS, timeBudgetMs: Number.POSITIVE_INFINITY });
    const ms = performance.now() - t0;
    expect(solution.method).toBe('heuristic');
    expect(solution.iterations).toBe(KICKS);
    expect((100 * (solution.length - optimum)) / optimum).toBeLessThanOrEqual(1);
    expect(solution.lowerBound).toBeLessThanOrEqual(optimum);
    expect(solution.routeEfficiency).toBeGreaterThan(98);
    expect(ms).toBeLessThan(3000);
  });
});
