// Suspending and reactivating an account (issue 18). A suspension ends the person's sessions and
// live streams at once and ends a teen's live lock through the job machine; every job and ledger
// row stays as it was. Both acts are idempotent: asking again changes and records nothing.
import { and, asc, eq } from 'drizzle-orm';
import type { AdminUserSummary, AuditChanges } from '../../../contract/admin';
import { effectiveStatus } from '../../../domain/job-machine';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { AppError, firstRow, forbidden, notFound } from '../../errors';
import { deleteSessionsOfUser, type SessionUser } from '../auth/sessions';
import { endUserStreams } from '../events/live-events';
import { transitionJob } from '../jobs/job-transitions';
import { ADMIN_USER_COLUMNS, toAdminUserSummary } from './admin-users';
import { recordAdminAction } from './audit-log';

const USER_NOT_FOUND = 'User not found';

/**
 * The account, locked for this transaction. Suspending an admin first locks every active admin (in
 * id order, so two such acts never deadlock): two admins suspending each other at once are then
 * decided one after the other, and the second finds the first's suspension and refuses.
 */
async function lockAccount(tx: Executor, userId: string, guardAdmins: boolean): Promise<{ target: SessionUser; activeAdmins: number }> {
  const [found] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!found) throw notFound(USER_NOT_FOUND);
  let activeAdmins = 0;
  if (guardAdmins && found.role === 'admin') {
    const admins = await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active'))).orderBy(asc(users.id)).for('update');
    activeAdmins = admins.length;
  }
  const { passwordHash: _hash, ...target } = firstRow(await tx.select().from(users).where(eq(users.id, userId)).for('update'), 'the account just read');
  return { target, activeAdmins };
}

async function setStatus(tx: Executor, userId: string, status: SessionUser['status'], now: Date): Promise<AdminUserSummary> {
  const rows = await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, userId)).returning(ADMIN_USER_COLUMNS);
  return toAdminUserSummary(firstRow(rows, 'the account being changed'));
}

/** Ends a suspended teen's lock: a live one is released by the system, a run-out one expires. */
async function endLockOf(ctx: AppContext, tx: Executor, teenId: string, now: Date): Promise<string | null> {
  const [locked] = await tx.select({ id: jobs.id, status: jobs.status, lockExpiresAt: jobs.lockExpiresAt }).from(jobs).where(and(eq(jobs.teenId, teenId), eq(jobs.status, 'locked')));
  if (!locked) return null;
  try {
    await transitionJob(ctx, tx, 'system', locked.id, effectiveStatus(locked, now) === 'locked' ? 'release' : 'expire');
    return locked.id;
  } catch (err) {
    // The teen accepted or let go of the job since it was read: there is no lock left to end.
    if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'INVALID_TRANSITION')) return null;
    throw err;
  }
}

export async function suspendUser(ctx: AppContext, admin: SessionUser, userId: string, reason: string): Promise<AdminUserSummary> {
  if (userId === admin.id) throw forbidden('You cannot suspend your own account.');
  return ctx.db.transaction(async (tx) => {
    const { target, activeAdmins } = await lockAccount(tx, userId, true);
    if (target.status === 'suspended') return toAdminUserSummary(target);
    if (target.role === 'admin' && activeAdmins <= 1) {
      throw new AppError('CONFLICT', 'This is the last active admin. Another admin must be active before this account can be suspended.');
    }
    const now = ctx.clock.now();
    const suspended = await setStatus(tx, userId, 'suspended', now);
    // Their next request is a 401, in every server process: the sessions are gone and the streams told to close.
    await deleteSessionsOfUser(tx, userId);
    await endUserStreams(tx, userId);
    const releasedJobId = target.role === 'teen' ? await endLockOf(ctx, tx, userId, now) : null;
    const changes: AuditChanges = { status: { from: 'active', to: 'suspended' }, reason };
    if (releasedJobId) changes.releasedLockOnJob = releasedJobId;
    await recordAdminAction(tx, { actorId: admin.id, at: now, target: { type: 'user', id: userId }, action: 'user.suspend', changes });
    return suspended;
  });
}

export async function reactivateUser(ctx: AppContext, admin: SessionUser, userId: string): Promise<AdminUserSummary> {
  return ctx.db.transaction(async (tx) => {
    const { target } = await lockAccount(tx, userId, false);
    if (target.status === 'active') return toAdminUserSummary(target);
    const now = ctx.clock.now();
    const reactivated = await setStatus(tx, userId, 'active', now);
    await recordAdminAction(tx, { actorId: admin.id, at: now, target: { type: 'user', id: userId }, action: 'user.reactivate', changes: { status: { from: 'suspended', to: 'active' } } });
    return reactivated;
  });
}
