import type { Role } from '../../../contract/constants';
import { OPEN_STATUSES } from '../../../domain/access';
import type { JobEffect } from '../jobs/job-change';
import { publishLiveEvent } from './live-events';

/**
 * The job seam's live signal: the job's id and new status, to the people who can see it (its
 * homeowner and teen, the area's coordinators, and every teen while it is or just was open, so
 * explorers drop a job someone took). Nothing else: who took it stays on the server.
 */
export const signalJobChange: JobEffect = async (tx, _ctx, { before, after }) => {
  const wasOrIsOpen = OPEN_STATUSES.includes(after.status) || (before !== null && OPEN_STATUSES.includes(before.status));
  const roles: Role[] = wasOrIsOpen ? ['teen'] : [];
  await publishLiveEvent(
    tx,
    { userIds: [after.homeownerId, after.teenId, before?.teenId ?? null], zipCodes: [after.zipCode], roles },
    { type: 'job', jobId: after.id, status: after.status },
  );
};
