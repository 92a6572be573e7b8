import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DistanceMatrix } from '../../../domain/routing/matrix';
import type { RouteSolution } from '../../../domain/routing/solve';

export interface SolveRequest {
  id: number;
  size: number;
  cells: Float64Array;
  seed: number;
  timeBudgetMs?: number;
  maxIterations?: number;
}

export type SolveResponse = { id: number; solution: RouteSolution } | { id: number; error: string };

export interface SolveParameters {
  seed?: number;
  timeBudgetMs?: number;
  maxIterations?: number;
}

/** Too many optimisations waiting: the caller should answer "try again shortly", not queue forever. */
export class SolverBusyError extends Error {
  override readonly name = 'SolverBusyError';
}

/** A solver thread died or overran its time by far: the optimisation failed, the pool replaces the thread. */
export class SolverFailedError extends Error {
  override readonly name = 'SolverFailedError';
}

interface Task {
  request: SolveRequest;
  resolve: (solution: RouteSolution) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

/** A thread that does not answer within its budget plus this much is stuck: it is ended. */
const OVERRUN_MS = 10_000;

/** The thread's entry: a JavaScript file that loads tsx, then solver-worker.ts. */
const THREAD_ENTRY = new URL('./solver-thread.mjs', import.meta.url);

/**
 * A small pool of solver threads with a queue. One thread by default on a machine of two cores
 * (one core stays with the event loop), up to two on larger ones; each thread solves one route at a
 * time, the others wait in order.
 */
export class SolverPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: { threads?: number; maxWaiting?: number } = {},
  ) {}

  get threads(): number {
    return this.options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  }

  /** Starts the threads now rather than at the first optimisation (each takes a moment to load). */
  warm(): void {
    while (!this.closed && this.slots.length < this.threads) this.slots.push(this.spawn());
  }

  solve(matrix: DistanceMatrix, parameters: SolveParameters = {}): Promise<RouteSolution> {
    if (this.closed) return Promise.reject(new SolverFailedError('The route solver is shut down.'));
    if (this.waiting.length >= (this.options.maxWaiting ?? 32)) return Promise.reject(new SolverBusyError('Too many route optimisations are waiting.'));
    this.warm();
    return new Promise<RouteSolution>((resolve, reject) => {
      // A copy: the cells are handed over to the thread (transferred, not cloned), the caller keeps its matrix.
      const request: SolveRequest = { id: this.nextId++, size: matrix.size, cells: new Float64Array(matrix.cells), ...parameters, seed: parameters.seed ?? 1 };
      this.waiting.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new SolverFailedError('The route solver is shut down.'));
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.task?.reject(new SolverFailedError('The route solver is shut down.'));
        return slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(THREAD_ENTRY, { name: 'route-solver' });
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (response: SolveResponse) => {
      const task = slot.task;
      if (!task || task.request.id !== response.id) return;
      this.finish(slot);
      if ('solution' in response) task.resolve(response.solution);
      else task.reject(new SolverFailedError(response.error));
      this.dispatch();
    });
    // An uncaught error ends the thread: its task fails, a fresh thread takes the queue on.
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => this.replace(slot, new Error(`the solver thread exited with code ${code}`)));
    // An idle thread never keeps the process alive; a busy one does until it answers.
    worker.unref();
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const task = slot.task;
    this.finish(slot);
    void slot.worker.terminate();
    task?.reject(new SolverFailedError(`The route optimisation failed: ${error.message}`));
    if (!this.closed && this.waiting.length > 0) {
      this.warm();
      this.dispatch();
    }
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.task || this.waiting.length === 0) continue;
      const task = this.waiting.shift()!;
      slot.task = task;
      slot.timer = setTimeout(() => this.replace(slot, new Error('it did not answer in time')), (task.request.timeBudgetMs ?? 150) + OVERRUN_MS);
      slot.timer.unref();
      slot.worker.ref();
      slot.worker.postMessage(task.request, [task.request.cells.buffer as ArrayBuffer]);
    }
  }
}
