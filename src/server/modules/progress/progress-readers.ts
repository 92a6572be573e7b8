import { and, eq, isNotNull } from 'drizzle-orm';
import { canReadTeenProgress } from '../../../domain/access';
import type { Executor } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { loadViewer } from '../jobs/job-viewer';

const PROGRESS_READERS = "Only the teen, their area's coordinator, admins and homeowners the teen has worked for can see a teen's progress.";

/**
 * The guard of every read of a teen's progress: the teen, their area's coordinator, admins, and a
 * homeowner for whom the teen has taken (accepted) a job. Anyone else, and any id that is not a
 * teen's, is refused alike (an admin is told it is not found), so the answer does not tell who is a teen.
 */
export async function requireProgressReader(db: Executor, user: SessionUser, userId: string): Promise<void> {
  const [teen] = await db.select({ id: users.id, role: users.role, zipCode: users.zipCode }).from(users).where(eq(users.id, userId));
  if (!teen || teen.role !== 'teen') throw user.role === 'admin' ? notFound('Teen not found') : forbidden(PROGRESS_READERS);
  const viewer = await loadViewer(db, user);
  const tookAJob =
    user.role === 'homeowner' &&
    (await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.homeownerId, user.id), eq(jobs.teenId, teen.id), isNotNull(jobs.acceptedAt)))
      .limit(1)).length > 0;
  if (!canReadTeenProgress(viewer, teen, tookAJob)) throw forbidden(PROGRESS_READERS);
}
