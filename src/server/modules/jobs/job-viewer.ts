import { eq } from 'drizzle-orm';
import type { Viewer } from '../../../domain/access';
import { effectiveStatus, type Actor, type JobFacts, type MachineContext } from '../../../domain/job-machine';
import { localClock } from '../../../domain/calendar';
import { parentLayer } from '../../../domain/safety-rules/rules';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { coordinatorZipCodes } from '../../db/schema';
import { zipCentroid } from '../../geo/zip-centroids';
import type { SessionUser } from '../auth/sessions';
import { ruleBookOf } from '../safety/rule-book';
import { readTeenWork } from '../safety/teen-work';

/** The caller as the access rules, the state machine and the mapper see them. */
export interface JobViewer extends Viewer {
  user: SessionUser;
  actor: Actor;
  coordinatorZips: string[];
  origin: ReturnType<typeof zipCentroid>;
}

/** The machine's context now: the local day and time in TIMEZONE (design 5), and the safety rules in force. */
export function machineContext(ctx: AppContext): MachineContext {
  const now = ctx.clock.now();
  const { date, minutes } = localClock(now, ctx.config.timezone);
  return { now, localDate: date, localMinutes: minutes, ruleBook: ruleBookOf(ctx.config) };
}

/**
 * Only a coordinator's own ZIP codes are read: the list call of every other role costs no query here.
 * A teen's safety facts come from the session (date of birth, parent's limits); their booked work is
 * read only where a decision needs it (withTeenWork).
 */
export async function loadViewer(db: Executor, user: SessionUser): Promise<JobViewer> {
  const coordinatorZips =
    user.role === 'coordinator'
      ? (await db.select({ zipCode: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, user.id))).map((r) => r.zipCode)
      : [];
  const actor: Actor =
    user.role === 'teen'
      ? {
          role: 'teen',
          id: user.id,
          consentApproved: user.parentalConsentStatus === 'approved',
          safety: { dateOfBirth: user.dateOfBirth, parentRules: parentLayer(user.parentLimits), work: null },
        }
      : user.role === 'coordinator'
        ? { role: 'coordinator', id: user.id, zipCodes: coordinatorZips }
        : { role: user.role, id: user.id };
  return { id: user.id, role: user.role, user, actor, coordinatorZips, origin: zipCentroid(user.zipCode) };
}

/**
 * Whether deciding for `viewer` on these jobs needs their booked hours: a teen's own live lock (its
 * accept) or accepted job (its start). Everything else a teen may do to a job is decided without them.
 */
export function needsTeenWork(viewer: JobViewer, rows: readonly JobFacts[], now: Date): boolean {
  if (viewer.actor.role !== 'teen' || viewer.actor.safety.work !== null) return false;
  return rows.some((row) => row.teenId === viewer.id && ['locked', 'accepted'].includes(effectiveStatus(row, now)));
}

/** The viewer with a teen's booked work read (readTeenWork); anyone else as they are. */
export async function withTeenWork(ctx: AppContext, db: Executor, viewer: JobViewer, now: Date): Promise<JobViewer> {
  const { actor } = viewer;
  if (actor.role !== 'teen' || actor.safety.work !== null) return viewer;
  const work = await readTeenWork(db, actor.id, now, ctx.config.timezone);
  return { ...viewer, actor: { ...actor, safety: { ...actor.safety, work } } };
}
