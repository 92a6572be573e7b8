// The admin's disputes screen (issue 18): each dispute with its parties and its job's history. It is
// settled through the disputes' own resolution (POST /api/disputes/{id}/resolve), which an admin may
// call and which records the act.
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminDisputeList } from '../../../contract/admin';
import type { Dispute } from '../../../contract/payments';
import type { AppContext } from '../../context';
import { jobEvents, jobs, users } from '../../db/schema';
import { MissingRowError } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { listDisputes } from '../payments/disputes.service';

export async function listAdminDisputes(ctx: AppContext, admin: SessionUser, status: Dispute['status']): Promise<AdminDisputeList> {
  const found = await listDisputes(ctx, admin, status);
  const jobIds = found.map((d) => d.jobId);
  if (jobIds.length === 0) return { disputes: [] };
  const homeowner = alias(users, 'homeowner');
  const teen = alias(users, 'teen');
  const [parties, events] = await Promise.all([
    ctx.db
      .select({ jobId: jobs.id, homeowner: { id: homeowner.id, fullName: homeowner.fullName }, teen: { id: teen.id, fullName: teen.fullName } })
      .from(jobs)
      .innerJoin(homeowner, eq(homeowner.id, jobs.homeownerId))
      .leftJoin(teen, eq(teen.id, jobs.teenId))
      .where(inArray(jobs.id, jobIds)),
    ctx.db.select().from(jobEvents).where(inArray(jobEvents.jobId, jobIds)).orderBy(asc(jobEvents.createdAt)),
  ]);
  const partiesOf = new Map(parties.map((p) => [p.jobId, p]));
  return {
    disputes: found.map((dispute) => {
      // A dispute's job and its homeowner are foreign keys: they are there.
      const job = partiesOf.get(dispute.jobId);
      if (!job) throw new MissingRowError(`the job of dispute ${dispute.id}`);
      return {
        dispute,
        homeowner: job.homeowner,
        teen: job.teen,
        history: events
          .filter((e) => e.jobId === dispute.jobId)
          .map((e) => ({ transition: e.transition, fromStatus: e.fromStatus, toStatus: e.toStatus, actorRole: e.actorRole, at: e.createdAt.toISOString() })),
      };
    }),
  };
}
