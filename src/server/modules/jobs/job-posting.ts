import { JOB_POINT_MAX_MILES, type Equipment, type Job } from '../../../contract/jobs';
import { canActAs } from '../../../domain/access';
import { milesBetween, type LatLng } from '../../../domain/geo';
import { isServedZip } from '../../../domain/users';
import type { AppContext } from '../../context';
import { jobEvents, jobs } from '../../db/schema';
import { AppError, firstRow, forbidden } from '../../errors';
import { geocode } from '../../geo/geocoder';
import { zipCentroid } from '../../geo/zip-centroids';
import { servedZips } from '../areas/service-areas';
import type { SessionUser } from '../auth/sessions';
import { applyJobEffects } from './job-effects';
import { JOB_VIEW } from './job-reads';
import { loadViewer, machineContext } from './job-viewer';
import { toJobDto, type JobRow } from './jobs.mapper';

type CreateJobInput = {
  title: string;
  description: string;
  category: JobRow['category'];
  payAmount: number; // cents, validated by the contract
  estimatedDuration: number;
  location: string | null;
  safetyNotes: string | null;
  homeownerId?: string;
  zipCode: string;
  physicalDemands: JobRow['physicalDemands'];
  equipment: Equipment[];
  latitude?: number;
  longitude?: number;
};

const HALF_A_PIN = 'Give both the latitude and the longitude of the job, or neither';

/**
 * Where a posted job is: the pin given, when within JOB_POINT_MAX_MILES of its ZIP code's centre
 * (a pin further off is a slip of the finger or another town); without one, its address as the
 * geocoder (GEOCODER_URL) places it, when it answers within 2 seconds somewhere as near; else the
 * ZIP code's centre. The geocoder's failures are logged without the address.
 */
async function jobPoint(ctx: AppContext, input: CreateJobInput): Promise<LatLng | null> {
  const centroid = zipCentroid(input.zipCode);
  const nearEnough = (point: LatLng) => !centroid || milesBetween(point, centroid) <= JOB_POINT_MAX_MILES;
  if ((input.latitude === undefined) !== (input.longitude === undefined)) {
    throw new AppError('VALIDATION_FAILED', HALF_A_PIN, { longitude: HALF_A_PIN });
  }
  if (input.latitude !== undefined && input.longitude !== undefined) {
    const pin = { latitude: input.latitude, longitude: input.longitude };
    if (nearEnough(pin)) return pin;
    const message = `The pin is ${milesBetween(pin, centroid!).toFixed(1)} miles from ZIP code ${input.zipCode}: place it within ${JOB_POINT_MAX_MILES} miles of the job's ZIP code.`;
    throw new AppError('VALIDATION_FAILED', message, { latitude: message });
  }
  if (ctx.config.geocoderUrl && input.location) {
    try {
      const place = await geocode(ctx.config.geocoderUrl, `${input.location}, ${input.zipCode}`);
      if (place && nearEnough(place)) return place;
      ctx.log.warn({ zipCode: input.zipCode }, place ? "the geocoder placed a job's address too far from its ZIP code: the job takes the ZIP code's centre" : "the geocoder did not find a job's address: the job takes the ZIP code's centre");
    } catch (error) {
      ctx.log.warn({ zipCode: input.zipCode, error: error instanceof Error ? error.message : String(error) }, "the geocoder did not answer: the job takes its ZIP code's centre");
    }
  }
  return centroid;
}

/** A homeowner posts a job: the row, its 'post' event and its effects (the pay held in escrow) in one transaction. */
export async function createJob(ctx: AppContext, user: SessionUser, input: CreateJobInput): Promise<Job> {
  if (input.homeownerId && !canActAs(user, input.homeownerId)) throw forbidden('You can only post jobs as yourself.');
  if (!isServedZip(input.zipCode, await servedZips(ctx))) {
    throw new AppError('ZIP_NOT_SERVED', `Yardly is not available in ${input.zipCode} yet.`, {
      zipCode: 'This ZIP code is outside our service area',
    });
  }
  const point = await jobPoint(ctx, input);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(jobs)
      .values({
        homeownerId: user.id,
        title: input.title,
        description: input.description,
        category: input.category,
        payCents: input.payAmount,
        estimatedDuration: input.estimatedDuration,
        location: input.location,
        safetyNotes: input.safetyNotes,
        zipCode: input.zipCode,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
        physicalDemands: input.physicalDemands,
        equipment: input.equipment,
        status: 'posted',
        createdAt: now,
        updatedAt: now,
      })
      .returning(JOB_VIEW);
    const created = firstRow(inserted, 'the posted job');
    await tx.insert(jobEvents).values({ jobId: created.id, transition: 'post', fromStatus: null, toStatus: 'posted', actorId: user.id, actorRole: user.role, createdAt: now });
    await applyJobEffects(tx, ctx, { before: null, after: created, transition: 'post', actor: { role: 'homeowner', id: user.id }, at: now });
    return created;
  });
  const viewer = await loadViewer(ctx.db, user);
  return toJobDto(row, viewer, machineContext(ctx));
}
