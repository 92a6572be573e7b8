import { asc, eq, inArray } from 'drizzle-orm';
import type { OptimizationResult, OptimizedStop, OptimizeRouteRequest, Point } from '../../../contract/routes';
import type { JobStatus } from '../../../contract/job-constants';
import type { DistanceMatrix } from '../../../domain/routing/matrix';
import type { RouteSolution } from '../../../domain/routing/solve';
import { roadMilesMatrix, instantAtLocalTime, scheduleTour, type Schedule } from '../../../domain/routing/travel';
import type { AppContext } from '../../context';
import { coordinatorZipCodes, jobs, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { osrmTable } from '../../geo/road-network';
import { zipCentroid } from '../../geo/zip-centroids';
import type { SessionUser } from '../auth/sessions';
import { SolverBusyError, type SolverPool } from './solver-pool';

export const NO_JOBS_SELECTED = 'Select at least one job to optimize';
const NOT_IN_AREA = 'You can plan routes only through the jobs of your own ZIP codes.';
/** Jobs that will never be worked: nobody needs to go there. */
const NOT_VISITABLE: readonly JobStatus[] = ['cancelled', 'refunded'];
const DEFAULT_START_MINUTES = 9 * 60;
const NO_START = 'Give the point the route starts from.';
/** One seed for every optimisation: the same request gives the same tour when the machine is as fast. */
const SEED = 17;

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The coordinator's ZIP codes, lowest first: the first one's centre is their base until they set one. */
export async function coordinatorZips(ctx: AppContext, coordinatorId: string): Promise<string[]> {
  const rows = await ctx.db.select({ zipCode: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, coordinatorId)).orderBy(asc(coordinatorZipCodes.zipCode));
  return rows.map((r) => r.zipCode);
}

/** A job to visit: where it is, and what the coordinator reads for it. */
export interface RouteStopPlace {
  jobId: string;
  address: string;
  point: Point;
}

/**
 * The jobs of `jobIds`, in that order, as places to visit: each must exist (404) and be of the
 * coordinator's ZIP codes (403) before anything is said about any of them, and be still worth a
 * visit. A job's point is its own, else its ZIP code's centre.
 */
export async function visitableStops(ctx: AppContext, zips: readonly string[], jobIds: readonly string[]): Promise<RouteStopPlace[]> {
  if (jobIds.length === 0) throw new AppError('VALIDATION_FAILED', NO_JOBS_SELECTED, { jobIds: NO_JOBS_SELECTED });
  const rows = await ctx.db
    .select({ id: jobs.id, zipCode: jobs.zipCode, status: jobs.status, location: jobs.location, latitude: jobs.latitude, longitude: jobs.longitude })
    .from(jobs)
    .where(inArray(jobs.id, [...jobIds]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chosen = jobIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('Job not found');
    if (!zips.includes(row.zipCode)) throw forbidden(NOT_IN_AREA);
    return row;
  });
  return chosen.map((row) => {
    if (NOT_VISITABLE.includes(row.status)) throw new AppError('VALIDATION_FAILED', `The job at ${row.location ?? row.zipCode} is ${row.status}: leave it out of the route.`, { jobIds: row.id });
    const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : zipCentroid(row.zipCode);
    if (!point) throw new AppError('VALIDATION_FAILED', `The job at ${row.location ?? row.zipCode} has no known location.`, { jobIds: row.id });
    return { jobId: row.id, address: row.location ?? row.zipCode, point };
  });
}

/** Where the coordinator's routes start and end: the point given, else their base, else their first ZIP code's centre. */
export async function routeStart(ctx: AppContext, coordinatorId: string, zips: readonly string[], given: Point | undefined): Promise<Point> {
  if (given) return given;
  const [row] = await ctx.db.select({ latitude: users.baseLatitude, longitude: users.baseLongitude }).from(users).where(eq(users.id, coordinatorId));
  if (row && row.latitude !== null && row.longitude !== null) return { latitude: row.latitude, longitude: row.longitude };
  const centre = zipCentroid(zips[0] ?? null);
  if (!centre) throw new AppError('VALIDATION_FAILED', NO_START, { start: NO_START });
  return centre;
}

/** Minutes after local midnight of 'HH:MM', 9:00 when none is given. */
export function startMinutesOf(startTime: string | undefined): number {
  if (!startTime) return DEFAULT_START_MINUTES;
  const [hours, minutes] = startTime.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** The miles (and, from a road network, the minutes) between every pair of a route's points. */
export interface TravelTable {
  miles: DistanceMatrix;
  /** Driving minutes one way or the other; null: the model's average speed over the miles. */
  minutes: DistanceMatrix | null;
  source: 'osrm' | 'model';
}

/**
 * The route's travel table: by road from OSRM when ROUTING_URL is set and it answers a full table
 * within 2 seconds, else (logged) the default model's great-circle miles times the road factor.
 */
export async function travelTable(ctx: AppContext, points: readonly Point[]): Promise<TravelTable> {
  if (ctx.config.routingUrl) {
    try {
      return { ...(await osrmTable(ctx.config.routingUrl, points)), source: 'osrm' };
    } catch (error) {
      ctx.log.warn({ points: points.length, error: error instanceof Error ? error.message : String(error) }, 'the routing service did not answer: the default travel model gives this route');
    }
  }
  return { miles: roadMilesMatrix(points, ctx.config.travel), minutes: null, source: 'model' };
}

/** Solves in the solver thread; a full queue is 503 with words a person can act on. */
export async function solveInThread(pool: SolverPool, miles: DistanceMatrix): Promise<RouteSolution> {
  try {
    return await pool.solve(miles, { seed: SEED });
  } catch (error) {
    if (error instanceof SolverBusyError) throw new AppError('UNAVAILABLE', 'The route optimizer is busy. Please try again in a moment.');
    throw error;
  }
}

/** The stops of a schedule (whose points index `places` after the start) with their legs and arrivals, rounded for the reader. */
export function scheduledStops(schedule: Schedule, places: readonly RouteStopPlace[], leavesAt: number): OptimizedStop[] {
  return schedule.stops.map((s) => {
    const place = places[s.point - 1]!;
    return {
      stopOrder: s.stopOrder,
      jobId: place.jobId,
      address: place.address,
      latitude: place.point.latitude,
      longitude: place.point.longitude,
      estimatedArrival: new Date(leavesAt + Math.round(s.arrivalMinutes) * 60_000).toISOString(),
      distanceFromPrevious: round(s.distanceFromPrevious, 2),
      travelTimeFromPrevious: Math.round(s.travelTimeFromPrevious),
    };
  });
}

/**
 * POST /api/routes/optimize: the shortest round trip from the start (the coordinator's base by
 * default) through the chosen jobs of their area, with the day's times under the travel model. The
 * solver runs in a thread (solver-pool.ts); only reading the jobs touches the event loop.
 */
export async function optimizeRoute(ctx: AppContext, pool: SolverPool, user: SessionUser, request: OptimizeRouteRequest): Promise<OptimizationResult> {
  const zips = await coordinatorZips(ctx, user.id);
  const places = await visitableStops(ctx, zips, request.jobIds ?? []);
  const start = await routeStart(ctx, user.id, zips, request.start);

  const table = await travelTable(ctx, [start, ...places.map((s) => s.point)]);
  const t0 = performance.now();
  const solution = await solveInThread(pool, table.miles);
  const computeMs = performance.now() - t0;
  const schedule = scheduleTour(table.miles, solution.tour, ctx.config.travel, table.minutes ?? undefined);
  const leavesAt = instantAtLocalTime(request.date, startMinutesOf(request.startTime), ctx.config.timezone).getTime();
  return {
    totalDistance: round(schedule.totalDistance, 2),
    estimatedDuration: Math.round(schedule.estimatedDuration),
    start,
    stops: scheduledStops(schedule, places, leavesAt),
    optimizationData: {
      savings: round(solution.savings, 1),
      routeEfficiency: round(solution.routeEfficiency, 1),
      lowerBound: round(solution.lowerBound, 2),
      method: solution.method,
      computeMs: Math.round(computeMs),
      distanceSource: table.source,
    },
  };
}
