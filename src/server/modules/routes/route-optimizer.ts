import { asc, eq, inArray } from 'drizzle-orm';
import type { OptimizationResult, OptimizeRouteRequest, Point } from '../../../contract/routes';
import type { JobStatus } from '../../../contract/job-constants';
import { roadMilesMatrix, instantAtLocalTime, scheduleTour } from '../../../domain/routing/travel';
import type { AppContext } from '../../context';
import { coordinatorZipCodes, jobs } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { zipCentroid } from '../../geo/zip-centroids';
import type { SessionUser } from '../auth/sessions';
import { SolverBusyError, type SolverPool } from './solver-pool';

export const NO_JOBS_SELECTED = 'Select at least one job to optimize';
const NOT_IN_AREA = 'You can plan routes only through the jobs of your own ZIP codes.';
/** Jobs that will never be worked: nobody needs to go there. */
const NOT_VISITABLE: readonly JobStatus[] = ['cancelled', 'refunded'];
const DEFAULT_START_MINUTES = 9 * 60;
/** One seed for every optimisation: the same request gives the same tour when the machine is as fast. */
const SEED = 17;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The coordinator's ZIP codes, lowest first: the first one's centre is their base until they set one. */
async function coordinatorZips(ctx: AppContext, coordinatorId: string): Promise<string[]> {
  const rows = await ctx.db.select({ zipCode: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, coordinatorId)).orderBy(asc(coordinatorZipCodes.zipCode));
  return rows.map((r) => r.zipCode);
}

/**
 * POST /api/routes/optimize: the shortest round trip from the start (the coordinator's base by
 * default) through the chosen jobs of their area, with the day's times under the travel model. The
 * solver runs in a thread (solver-pool.ts); only reading the jobs touches the event loop.
 */
export async function optimizeRoute(ctx: AppContext, pool: SolverPool, user: SessionUser, request: OptimizeRouteRequest): Promise<OptimizationResult> {
  const jobIds = request.jobIds ?? [];
  if (jobIds.length === 0) throw new AppError('VALIDATION_FAILED', NO_JOBS_SELECTED, { jobIds: NO_JOBS_SELECTED });
  const zips = await coordinatorZips(ctx, user.id);
  const rows = await ctx.db
    .select({ id: jobs.id, zipCode: jobs.zipCode, status: jobs.status, location: jobs.location, latitude: jobs.latitude, longitude: jobs.longitude })
    .from(jobs)
    .where(inArray(jobs.id, jobIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Every job must exist and be of the coordinator's area before anything is said about any of them.
  const chosen = jobIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('Job not found');
    if (!zips.includes(row.zipCode)) throw forbidden(NOT_IN_AREA);
    return row;
  });
  const stops = chosen.map((row) => {
    if (NOT_VISITABLE.includes(row.status)) throw new AppError('VALIDATION_FAILED', `The job at ${row.location ?? row.zipCode} is ${row.status}: leave it out of the route.`, { jobIds: row.id });
    const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : zipCentroid(row.zipCode);
    if (!point) throw new AppError('VALIDATION_FAILED', `The job at ${row.location ?? row.zipCode} has no known location.`, { jobIds: row.id });
    return { jobId: row.id, address: row.location ?? row.zipCode, point };
  });
  const start: Point | null = request.start ?? zipCentroid(zips[0] ?? null);
  if (!start) throw new AppError('VALIDATION_FAILED', 'Give the point the route starts from.', { start: 'Give the point the route starts from.' });

  const model = ctx.config.travel;
  const miles = roadMilesMatrix([start, ...stops.map((s) => s.point)], model);
  const t0 = performance.now();
  let solution;
  try {
    solution = await pool.solve(miles, { seed: SEED });
  } catch (error) {
    if (error instanceof SolverBusyError) throw new AppError('UNAVAILABLE', 'The route optimizer is busy. Please try again in a moment.');
    throw error;
  }
  const computeMs = performance.now() - t0;
  const schedule = scheduleTour(miles, solution.tour, model);
  const [hours, minutes] = (request.startTime ?? '').split(':').map(Number);
  const leaves = instantAtLocalTime(request.date, request.startTime ? hours! * 60 + minutes! : DEFAULT_START_MINUTES, ctx.config.timezone).getTime();
  return {
    totalDistance: round(schedule.totalDistance, 2),
    estimatedDuration: Math.round(schedule.estimatedDuration),
    start,
    stops: schedule.stops.map((s) => {
      const stop = stops[s.point - 1]!;
      return {
        stopOrder: s.stopOrder,
        jobId: stop.jobId,
        address: stop.address,
        latitude: stop.point.latitude,
        longitude: stop.point.longitude,
        estimatedArrival: new Date(leaves + Math.round(s.arrivalMinutes) * 60_000).toISOString(),
        distanceFromPrevious: round(s.distanceFromPrevious, 2),
        travelTimeFromPrevious: Math.round(s.travelTimeFromPrevious),
      };
    }),
    optimizationData: {
      savings: round(solution.savings, 1),
      routeEfficiency: round(solution.routeEfficiency, 1),
      lowerBound: round(solution.lowerBound, 2),
      method: solution.method,
      computeMs: Math.round(computeMs),
    },
  };
}
