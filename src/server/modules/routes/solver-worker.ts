// One solver thread (issue 17): a route optimisation is CPU work of up to the time budget, so it
// runs here and never on the event loop that answers everyone else's requests.
import { parentPort } from 'node:worker_threads';
import { solveRoute } from '../../../domain/routing/solve';
import type { SolveRequest, SolveResponse } from './solver-pool';

if (!parentPort) throw new Error('solver-worker.ts runs as a worker thread (see solver-pool.ts)');
const port = parentPort;

port.on('message', (request: SolveRequest) => {
  let response: SolveResponse;
  try {
    const solution = solveRoute(
      { size: request.size, cells: request.cells },
      { now: () => performance.now(), seed: request.seed, timeBudgetMs: request.timeBudgetMs, maxIterations: request.maxIterations },
    );
    response = { id: request.id, solution };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
