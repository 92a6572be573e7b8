import { eq } from 'drizzle-orm';
import type { Viewer } from '../../../domain/access';
import type { Actor, MachineContext } from '../../../domain/job-machine';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { coordinatorZipCodes } from '../../db/schema';
import { zipCentroid } from '../../geo/zip-centroids';
import type { SessionUser } from '../auth/sessions';

/** The caller as the access rules, the state machine and the mapper see them. */
export interface JobViewer extends Viewer {
  user: SessionUser;
  actor: Actor;
  coordinatorZips: string[];
  origin: ReturnType<typeof zipCentroid>;
}

/** Building an Intl.DateTimeFormat costs more than using it, and every request needs one. */
const localTimeFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The last answer per time zone, by UTC minute: every time zone in use is offset by whole minutes,
 * so the answer holds for the whole minute, and formatToParts cost more than the rest of a cached
 * list call's work on its jobs.
 */
const lastLocalMinutes = new Map<string, { minute: number; value: number }>();

/** Minutes since local midnight in the service's time zone (design 5: TIMEZONE decides work hours). */
export function localMinutes(now: Date, timezone: string): number {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastLocalMinutes.get(timezone);
  if (last?.minute === minute) return last.value;
  let format = localTimeFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localTimeFormats.set(timezone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const value = get('hour') * 60 + get('minute');
  lastLocalMinutes.set(timezone, { minute, value });
  return value;
}

export function machineContext(ctx: AppContext): MachineContext {
  const now = ctx.clock.now();
  return { now, localMinutes: localMinutes(now, ctx.config.timezone) };
}

/** Only a coordinator's own ZIP codes are read: the list call of every other role costs no query here. */
export async function loadViewer(db: Executor, user: SessionUser): Promise<JobViewer> {
  const coordinatorZips =
    user.role === 'coordinator'
      ? (await db.select({ zipCode: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, user.id))).map((r) => r.zipCode)
      : [];
  const actor: Actor =
    user.role === 'teen'
      ? { role: 'teen', id: user.id, consentApproved: user.parentalConsentStatus === 'approved' }
      : user.role === 'coordinator'
        ? { role: 'coordinator', id: user.id, zipCodes: coordinatorZips }
        : { role: user.role, id: user.id };
  return { id: user.id, role: user.role, user, actor, coordinatorZips, origin: zipCentroid(user.zipCode) };
}
