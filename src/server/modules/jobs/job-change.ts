import type { Actor, Transition } from '../../../domain/job-machine';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { JobRow } from './jobs.mapper';

/** One change of a job's status, as the modules that react to it see it. `before` is null for a new post. */
export interface JobChange {
  before: JobRow | null;
  after: JobRow;
  transition: Transition | 'post';
  actor: Actor;
  at: Date;
}

/**
 * Something else that must happen in the same database transaction as a job's change of status
 * (a notification, a ledger movement): it commits or rolls back together with the change.
 */
export type JobEffect = (tx: Executor, ctx: AppContext, change: JobChange) => Promise<void>;
