import type { AuditAction } from '../../../contract/admin';
import type { JobEffect } from '../jobs/job-change';
import { recordAdminAction } from './audit-log';

/**
 * The job transitions an admin makes in their own right (issue 20 let admins verify, so pay never
 * waits on an area without a coordinator). An admin's award or refund is the settling of a dispute,
 * which the dispute resolution records with its outcome.
 */
const ADMIN_JOB_ACTS: Partial<Record<string, AuditAction>> = { verify: 'job.verify', cancel: 'job.cancel' };

/** A job effect: an admin's change of a job is on the audit log in the change's own transaction. */
export const auditAdminJobChange: JobEffect = async (tx, _ctx, change) => {
  const action = ADMIN_JOB_ACTS[change.transition];
  if (change.actor.role !== 'admin' || !action) return;
  await recordAdminAction(tx, {
    actorId: change.actor.id,
    at: change.at,
    target: { type: 'job', id: change.after.id },
    action,
    changes: { status: { from: change.before?.status ?? null, to: change.after.status } },
  });
};
