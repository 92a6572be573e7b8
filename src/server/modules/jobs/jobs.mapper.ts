import { JOB_ACTIONS, type Job, type JobAction } from '../../../contract/jobs';
import { jobDisclosure, jobVisibility, teenNameFor, type Viewer } from '../../../domain/access';
import { streetAndTown } from '../../../domain/address';
import { centsToMoney } from '../../../domain/format';
import { milesBetween, type LatLng } from '../../../domain/geo';
import { effectiveStatus, transitionsNow, type Actor, type MachineContext } from '../../../domain/job-machine';
import { paymentStateOf } from '../../../domain/ledger';
import { minimumAgeFor } from '../../../domain/safety-rules/engine';
import type { jobs } from '../../db/schema';
import { zipCentroid } from '../../geo/zip-centroids';

/** A job as the server reads it: every column but the search's lower-case copies (decision 015). */
export type JobRow = Omit<typeof jobs.$inferSelect, 'searchText' | 'searchLocation'>;
/** A row as the service reads it for a response: with whether a coordinator serves its ZIP code, and its teen's full name. */
export type JobView = JobRow & { coordinatorSupervised: boolean; teenFullName: string | null };
/** The caller as the mapper needs them: who they are (names), how the machine sees them (actions), where they live (distance). */
export type JobDtoViewer = Viewer & { actor: Actor; origin: LatLng | null };

const iso = (date: Date | null) => date?.toISOString() ?? null;
/** Miles between two points to 2 decimals; null when either is unknown. */
const milesFrom = (origin: LatLng | null, target: LatLng | null) => (origin && target ? Math.round(milesBetween(origin, target) * 100) / 100 : null);
/** A dispute's resolution (award, refund) is offered through the dispute, not as a job button. */
const isJobAction = (transition: string): transition is JobAction => (JOB_ACTIONS as readonly string[]).includes(transition);

/**
 * A job as the caller may see it: effective status, distance from the caller, the caller's actions,
 * its teen's name as far as the caller may know it, its address and people as far as jobDisclosure
 * lets them. Its public face (another teen's accepted job) leaves out the address, who took it and
 * when, and offers nothing.
 */
export function toJobDto(row: JobView, viewer: JobDtoViewer, ctx: MachineContext): Job {
  const job = toFullJobDto(row, viewer, ctx);
  const disclosed = jobDisclosure(viewer, job);
  // The exact point goes where the whole address goes (issue 17). Everyone else's distance is to the
  // ZIP code's centre, as before jobs had points: distances from several places would give the point away.
  const seesPoint = disclosed.address === 'full';
  const shaped: Job = {
    ...job,
    point: seesPoint ? job.point : null,
    distance: seesPoint ? job.distance : milesFrom(viewer.origin, zipCentroid(row.zipCode)),
    location: disclosed.address === 'full' ? job.location : disclosed.address === 'street' ? streetAndTown(job.location) : null,
    homeownerId: disclosed.homeownerId ? job.homeownerId : null,
    teenId: disclosed.teenId ? job.teenId : null,
  };
  // Callers answer 'Job not found' where the viewer sees nothing, so anything short of full is the public face.
  if (jobVisibility(viewer, job) === 'full') return shaped;
  return { ...shaped, location: null, teenId: null, teenName: null, lockExpiresAt: null, acceptedAt: null, actions: [], blockedActions: [] };
}

function toFullJobDto(row: JobView, viewer: JobDtoViewer, ctx: MachineContext): Job {
  const status = effectiveStatus(row, ctx.now);
  const expiredLock = row.status === 'locked' && status === 'posted';
  const { available, blocked } = transitionsNow(row, viewer.actor, ctx);
  const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
  // An expired lock belongs to nobody any more.
  const teenId = expiredLock ? null : row.teenId;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status,
    payAmount: centsToMoney(row.payCents),
    estimatedDuration: row.estimatedDuration,
    location: row.location,
    zipCode: row.zipCode,
    distance: milesFrom(viewer.origin, point),
    point,
    photos: row.photos,
    safetyNotes: row.safetyNotes,
    category: row.category,
    physicalDemands: row.physicalDemands,
    equipment: row.equipment,
    minimumAge: minimumAgeFor(row.equipment, ctx.ruleBook.rules),
    coordinatorSupervised: row.coordinatorSupervised,
    homeownerId: row.homeownerId,
    teenId,
    teenName: teenNameFor(viewer, { teenId, homeownerId: row.homeownerId, zipCode: row.zipCode, acceptedAt: row.acceptedAt }, row.teenFullName),
    lockExpiresAt: expiredLock ? null : iso(row.lockExpiresAt),
    createdAt: row.createdAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    verifiedAt: iso(row.verifiedAt),
    cancelledAt: iso(row.cancelledAt),
    actions: available.filter(isJobAction),
    blockedActions: blocked.flatMap(({ transition, message }) => (isJobAction(transition) ? [{ action: transition, message }] : [])),
    payment: paymentStateOf(status),
  };
}
