import { and, eq, gt, lte } from 'drizzle-orm';
import { LOCK_EXPIRING_WARNING_SECONDS } from '../../../contract/notifications';
import { effectiveStatus } from '../../../domain/job-machine';
import { jobNotices, lockExpiringNotice, type JobParty } from '../../../domain/job-notices';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { coordinatorZipCodes, jobs } from '../../db/schema';
import type { JobChange, JobEffect } from '../jobs/job-change';
import { notify } from './notifications.service';

async function partyIds(tx: Executor, party: JobParty, { before, after, at }: JobChange): Promise<string[]> {
  switch (party) {
    case 'homeowner':
      return [after.homeownerId];
    case 'teen': {
      // A run-out lock belonged to nobody: its teen is not told what happens to the job next.
      if (before && effectiveStatus(before, at) === 'posted') return [];
      // A withdrawal clears the teen from the job; they are still the one it concerned.
      const teenId = after.teenId ?? before?.teenId;
      return teenId ? [teenId] : [];
    }
    case 'coordinators': {
      const rows = await tx.select({ id: coordinatorZipCodes.coordinatorId }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.zipCode, after.zipCode));
      return rows.map((r) => r.id);
    }
  }
}

/** The job seam's notification effect: tells the people a change concerns, in its transaction. */
export const notifyJobChange: JobEffect = async (tx, ctx, change) => {
  const actorId = change.actor.role === 'system' ? null : change.actor.id;
  for (const notice of jobNotices(change.transition, change.after)) {
    const recipients = new Set(await partyIds(tx, notice.to, change));
    if (actorId) recipients.delete(actorId);
    for (const userId of recipients) {
      await notify(tx, ctx, { userId, kind: notice.kind, title: notice.title, body: notice.body, jobId: change.after.id, email: notice.email });
    }
  }
};

/**
 * The sweeper's warning before a lock runs out: once per lock (its key is the job and the lock's
 * expiry, so a new lock on the same job warns again). Returns how many were raised.
 */
export async function warnExpiringLocks(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const soon = new Date(now.getTime() + LOCK_EXPIRING_WARNING_SECONDS * 1000);
  const due = await ctx.db
    .select({ id: jobs.id, title: jobs.title, teenId: jobs.teenId, lockExpiresAt: jobs.lockExpiresAt })
    .from(jobs)
    .where(and(eq(jobs.status, 'locked'), gt(jobs.lockExpiresAt, now), lte(jobs.lockExpiresAt, soon)));
  let raised = 0;
  for (const job of due) {
    const { teenId, lockExpiresAt } = job;
    if (!teenId || !lockExpiresAt) continue;
    const minutesLeft = Math.ceil((lockExpiresAt.getTime() - now.getTime()) / 60_000);
    const notice = lockExpiringNotice(job, minutesLeft);
    const created = await ctx.db.transaction((tx) =>
      notify(tx, ctx, { userId: teenId, ...notice, jobId: job.id, dedupeKey: `lock_expiring:${job.id}:${lockExpiresAt.toISOString()}` }),
    );
    if (created) raised++;
  }
  return raised;
}
