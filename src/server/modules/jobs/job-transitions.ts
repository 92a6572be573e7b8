// The rules path of every change of a job's status: load, ask the machine, one conditional UPDATE
// with its event row, then the effects, all in one transaction.
import { and, eq, gt, lte, type SQL } from 'drizzle-orm';
import { canActOnJob } from '../../../domain/access';
import { decide, MESSAGES, type Actor, type Decision, type MachineContext, type Transition } from '../../../domain/job-machine';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { jobEvents, jobs } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { applyJobEffects } from './job-effects';
import { findJobRow, JOB_VIEW } from './job-reads';
import { loadViewer, machineContext } from './job-viewer';
import type { JobView } from './jobs.mapper';

export type Allowed = Extract<Decision, { ok: true }>;
const SYSTEM: Actor = { role: 'system' };

export const lockHeld = () => new AppError('LOCK_HELD', 'You already have a job locked. Accept or release it before locking another.');
export const jobTaken = () => new AppError('JOB_NOT_AVAILABLE', MESSAGES.taken);

/** The machine's yes, or its refusal as the error the caller sees. */
export function requireAllowed(row: JobView, transition: Transition, actor: Actor, mctx: MachineContext): Allowed {
  const decision = decide(row, transition, actor, mctx);
  if (!decision.ok) {
    const ruleRefusal = decision.ageRule && { rules: decision.ageRule.rules, alternative: decision.ageRule.alternative };
    throw new AppError(decision.code, decision.message, undefined, ruleRefusal);
  }
  return decision;
}

/**
 * Every change of a job's status: what the machine allowed, as one conditional UPDATE, its event row
 * and its effects, in the caller's transaction.
 */
export async function applyTransition(ctx: AppContext, tx: Executor, row: JobView, decision: Allowed, actor: Actor, mctx: MachineContext): Promise<JobView> {
  const { transition, guard, patch } = decision;
  const conditions: SQL[] = [eq(jobs.id, row.id), eq(jobs.status, guard.status)];
  if (guard.teenId) conditions.push(eq(jobs.teenId, guard.teenId));
  if (guard.lock === 'live') conditions.push(gt(jobs.lockExpiresAt, mctx.now));
  if (guard.lock === 'expired') conditions.push(lte(jobs.lockExpiresAt, mctx.now));
  const [updated] = await tx
    .update(jobs)
    .set({ status: decision.to, ...patch, updatedAt: mctx.now })
    .where(and(...conditions))
    // The whole view, teen name included: lock, release, expiry and withdraw change who the teen is.
    .returning(JOB_VIEW);
  if (!updated) {
    // Someone else changed the job between our read and our write: they won.
    throw transition === 'lock' || transition === 'finalize' ? jobTaken() : new AppError('CONFLICT', 'This job just changed. Refresh and try again.');
  }
  await tx.insert(jobEvents).values({
    jobId: row.id,
    transition,
    fromStatus: decision.from,
    toStatus: decision.to,
    actorId: actor.role === 'system' ? null : actor.id,
    actorRole: actor.role,
    createdAt: mctx.now,
  });
  await applyJobEffects(tx, ctx, { before: row, after: updated, transition, actor, at: mctx.now });
  return updated;
}

/** Releases a run-out lock as the system, in the caller's transaction; null when it is not due or someone else already did. */
export async function releaseExpiredLock(ctx: AppContext, tx: Executor, row: JobView, mctx: MachineContext): Promise<JobView | null> {
  const decision = decide(row, 'expire', SYSTEM, mctx);
  if (!decision.ok) return null;
  try {
    return await applyTransition(ctx, tx, row, decision, SYSTEM, mctx);
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return null;
    throw err;
  }
}

/** Lazy expiry (design 5): releases `row`'s lock if it has run out; null when there was nothing to do. */
export async function expireLock(ctx: AppContext, row: JobView): Promise<JobView | null> {
  const mctx = machineContext(ctx);
  if (!decide(row, 'expire', SYSTEM, mctx).ok) return null;
  return ctx.db.transaction((tx) => releaseExpiredLock(ctx, tx, row, mctx));
}

/** The sweeper's half of lock expiry: releases every run-out lock. */
export async function expireLocks(ctx: AppContext, batch = 500): Promise<number> {
  const due = await ctx.db
    .select(JOB_VIEW)
    .from(jobs)
    .where(and(eq(jobs.status, 'locked'), lte(jobs.lockExpiresAt, ctx.clock.now())))
    .limit(batch);
  let released = 0;
  for (const row of due) if (await expireLock(ctx, row)) released++;
  return released;
}

/**
 * One transition of one job inside the caller's transaction, for modules that drive their own
 * (disputes, automatic payment release): the same machine and conditional UPDATE as every command.
 */
export async function transitionJob(ctx: AppContext, tx: Executor, by: SessionUser | 'system', jobId: string, transition: Transition): Promise<JobView> {
  const mctx = machineContext(ctx);
  const row = await findJobRow(tx, jobId);
  const viewer = by === 'system' ? null : await loadViewer(tx, by);
  if (!row || (viewer && !canActOnJob(viewer, row, mctx.now))) throw notFound('Job not found');
  const actor = viewer?.actor ?? SYSTEM;
  return applyTransition(ctx, tx, row, requireAllowed(row, transition, actor, mctx), actor, mctx);
}
