import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Route, RouteAnalytics, RouteStatus, SaveRouteRequest, UpdateRouteRequest } from '../../../contract/routes';
import { defaultRouteName } from '../../../contract/routes';
import { nextRouteStatusAllowed, routeAnalytics, savingsOf, efficiencyOf } from '../../../domain/routing/analytics';
import { tourLength } from '../../../domain/routing/matrix';
import { instantAtLocalTime, scheduleTour } from '../../../domain/routing/travel';
import type { AppContext } from '../../context';
import { jobs, routes, routeStops, users } from '../../db/schema';
import { AppError, firstRow, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { coordinatorZips, round, routeStart, scheduledStops, solveInThread, startMinutesOf, travelTable, visitableStops } from './route-optimizer';
import type { SolverPool } from './solver-pool';

const ROUTE_NOT_FOUND = 'Route not found';
/** Existing Routes shows a season of daily routes at most; the analytics count every route. */
export const ROUTE_LIST_LIMIT = 100;
const NOT_YOUR_ROUTES = 'You can see and change only your own routes.';
const SAME_JOBS = 'List the same jobs as the route, in the order they were chosen.';
const STATUS_WORDS: Record<RouteStatus, string> = { planned: 'planned', in_progress: 'in progress', completed: 'completed' };

type RouteRow = typeof routes.$inferSelect;
type StopRow = typeof routeStops.$inferSelect;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toRouteDto(row: RouteRow, stops: readonly StopRow[]): Route {
  return {
    id: row.id,
    coordinatorId: row.coordinatorId,
    name: row.name,
    date: row.date,
    notes: row.notes,
    status: row.status,
    totalDistance: round(row.totalDistance, 2),
    estimatedDuration: row.estimatedDuration,
    start: { latitude: row.startLatitude, longitude: row.startLongitude },
    startTime: hhmm(row.startMinutes),
    stops: stops.map((s) => ({
      stopOrder: s.stopOrder,
      jobId: s.jobId,
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
      estimatedArrival: s.estimatedArrival.toISOString(),
      distanceFromPrevious: round(s.distanceFromPrevious, 2),
      travelTimeFromPrevious: s.travelTimeFromPrevious,
      visitedAt: iso(s.visitedAt),
    })),
    optimizationData: {
      savings: round(savingsOf(row), 1),
      routeEfficiency: round(efficiencyOf(row), 1),
      lowerBound: round(row.lowerBound, 2),
      method: row.boundMethod,
    },
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
  };
}

/**
 * A coordinator's routes, analytics and teens are theirs and an admins' to read: anyone else is
 * refused. An admin asking about someone who is not a coordinator is told there is none.
 */
export async function requireCoordinatorReader(ctx: AppContext, viewer: SessionUser, coordinatorId: string): Promise<void> {
  if (viewer.id === coordinatorId && viewer.role === 'coordinator') return;
  if (viewer.role !== 'admin') throw forbidden(NOT_YOUR_ROUTES);
  const [target] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, coordinatorId));
  if (target?.role !== 'coordinator') throw notFound('Coordinator not found');
}

const ONE_ORDER = 'Send the stops or the job ids, not both.';

/** The jobs in visiting order, from `jobIds` or spec 7's `stops` by their stopOrder. */
function visitingOrder(request: SaveRouteRequest): string[] {
  const jobIds = request.jobIds ?? [];
  if (!request.stops) return jobIds;
  if (jobIds.length > 0) throw new AppError('VALIDATION_FAILED', ONE_ORDER, { stops: ONE_ORDER });
  const fromStops = [...request.stops].sort((a, b) => a.stopOrder - b.stopOrder).map((s) => s.jobId);
  if (new Set(fromStops).size !== fromStops.length) throw new AppError('VALIDATION_FAILED', 'Each job can be visited only once', { stops: 'Each job can be visited only once' });
  return fromStops;
}

/**
 * POST /api/routes: keeps the jobs in the order given as the coordinator's route for the day. Every
 * point, leg, arrival, total and bound is worked out here from the jobs' own points (the optimizer's
 * pieces), so a route never carries a figure the client made up. The bound comes from the solver
 * thread: the optimum itself up to 12 stops, the Held-Karp bound beyond.
 */
export async function saveRoute(ctx: AppContext, pool: SolverPool, user: SessionUser, request: SaveRouteRequest): Promise<Route> {
  if (request.coordinatorId !== undefined && request.coordinatorId !== user.id) throw forbidden('You can save routes only for yourself.');
  const jobIds = visitingOrder(request);
  const zips = await coordinatorZips(ctx, user.id);
  const places = await visitableStops(ctx, zips, jobIds);
  const chosenOrder = request.chosenOrder ?? jobIds;
  if (chosenOrder.length !== jobIds.length || new Set([...chosenOrder, ...jobIds]).size !== jobIds.length) {
    throw new AppError('VALIDATION_FAILED', SAME_JOBS, { chosenOrder: SAME_JOBS });
  }
  const start = await routeStart(ctx, user.id, zips, request.start);
  const { miles, minutes } = await travelTable(ctx, [start, ...places.map((p) => p.point)]);
  const savedTour = [0, ...places.map((_, i) => i + 1)];
  const chosenTour = [0, ...chosenOrder.map((id) => jobIds.indexOf(id) + 1)];
  const schedule = scheduleTour(miles, savedTour, ctx.config.travel, minutes ?? undefined);
  const bound = await solveInThread(pool, miles);
  const startMinutes = startMinutesOf(request.startTime);
  const leavesAt = instantAtLocalTime(request.date, startMinutes, ctx.config.timezone).getTime();
  const stops = scheduledStops(schedule, places, leavesAt);

  return ctx.db.transaction(async (tx) => {
    const row = firstRow(
      await tx
        .insert(routes)
        .values({
          coordinatorId: user.id,
          name: request.name || defaultRouteName(request.date),
          date: request.date,
          notes: request.notes || null,
          startLatitude: start.latitude,
          startLongitude: start.longitude,
          startMinutes,
          totalDistance: schedule.totalDistance,
          chosenOrderDistance: tourLength(miles, chosenTour),
          // Never above the saved tour: the bound of a tour the solver beat is still a bound of this one.
          lowerBound: Math.min(bound.lowerBound, schedule.totalDistance),
          boundMethod: bound.method,
          estimatedDuration: Math.round(schedule.estimatedDuration),
        })
        .returning(),
      'the route just saved',
    );
    const stopRows = await tx
      .insert(routeStops)
      .values(
        stops.map((s, i) => ({
          routeId: row.id,
          stopOrder: s.stopOrder,
          jobId: s.jobId,
          address: s.address,
          latitude: s.latitude,
          longitude: s.longitude,
          estimatedArrival: new Date(s.estimatedArrival),
          distanceFromPrevious: schedule.stops[i]!.distanceFromPrevious,
          travelTimeFromPrevious: s.travelTimeFromPrevious,
        })),
      )
      .returning();
    return toRouteDto(row, stopRows.sort((a, b) => a.stopOrder - b.stopOrder));
  });
}

/** The routes of the coordinator, newest first (the latest ROUTE_LIST_LIMIT), with their stops in order. */
export async function listRoutes(ctx: AppContext, viewer: SessionUser, coordinatorId: string): Promise<Route[]> {
  await requireCoordinatorReader(ctx, viewer, coordinatorId);
  const rows = await ctx.db.select().from(routes).where(eq(routes.coordinatorId, coordinatorId)).orderBy(desc(routes.createdAt), desc(routes.id)).limit(ROUTE_LIST_LIMIT);
  if (rows.length === 0) return [];
  const stops = await ctx.db
    .select()
    .from(routeStops)
    .where(
      inArray(
        routeStops.routeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(routeStops.routeId), asc(routeStops.stopOrder));
  const byRoute = new Map<string, StopRow[]>();
  for (const stop of stops) {
    const list = byRoute.get(stop.routeId);
    if (list) list.push(stop);
    else byRoute.set(stop.routeId, [stop]);
  }
  return rows.map((row) => toRouteDto(row, byRoute.get(row.id) ?? []));
}

/**
 * PATCH /api/routes/{id}: the route moves on (planned -> in_progress -> completed), or one of its
 * stops is marked visited (the first mark counts; marking a stop of a planned route starts it, since
 * the coordinator is evidently on the road). The route's row is locked, so two changes at once apply
 * one after the other. A route that is not the caller's is not found, unless they are an admin.
 */
export async function updateRoute(ctx: AppContext, viewer: SessionUser, routeId: string, change: UpdateRouteRequest): Promise<Route> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(routes).where(eq(routes.id, routeId)).for('update');
    if (!row || (viewer.role !== 'admin' && row.coordinatorId !== viewer.id)) throw notFound(ROUTE_NOT_FOUND);
    const now = ctx.clock.now();
    let updated = row;
    if ('status' in change) {
      if (!nextRouteStatusAllowed(row.status, change.status)) {
        throw new AppError('INVALID_TRANSITION', `This route is ${STATUS_WORDS[row.status]}: it cannot become ${STATUS_WORDS[change.status]}.`);
      }
      const times = change.status === 'in_progress' ? { startedAt: now } : { completedAt: now };
      updated = firstRow(await tx.update(routes).set({ status: change.status, ...times }).where(eq(routes.id, routeId)).returning(), 'the route just locked');
    } else {
      if (row.status === 'completed') throw new AppError('INVALID_TRANSITION', 'This route is completed: its stops can no longer be marked.');
      const [stop] = await tx.select({ visitedAt: routeStops.visitedAt }).from(routeStops).where(and(eq(routeStops.routeId, routeId), eq(routeStops.jobId, change.visitedJobId)));
      if (!stop) throw notFound('That job is not a stop of this route.');
      await tx
        .update(routeStops)
        .set({ visitedAt: now })
        .where(and(eq(routeStops.routeId, routeId), eq(routeStops.jobId, change.visitedJobId), isNull(routeStops.visitedAt)));
      if (row.status === 'planned') {
        updated = firstRow(await tx.update(routes).set({ status: 'in_progress', startedAt: now }).where(eq(routes.id, routeId)).returning(), 'the route just locked');
      }
    }
    const stops = await tx.select().from(routeStops).where(eq(routeStops.routeId, routeId)).orderBy(asc(routeStops.stopOrder));
    return toRouteDto(updated, stops);
  });
}

/** GET /api/routes/coordinator/{id}/analytics: figures from the coordinator's saved routes and their jobs. */
export async function readRouteAnalytics(ctx: AppContext, viewer: SessionUser, coordinatorId: string): Promise<RouteAnalytics> {
  await requireCoordinatorReader(ctx, viewer, coordinatorId);
  const saved = await ctx.db
    .select({
      routeId: routes.id,
      name: routes.name,
      date: routes.date,
      status: routes.status,
      totalDistance: routes.totalDistance,
      chosenOrderDistance: routes.chosenOrderDistance,
      lowerBound: routes.lowerBound,
      stops: sql<number>`(select count(*)::int from ${routeStops} where ${routeStops.routeId} = ${routes.id})`,
      stopsVisited: sql<number>`(select count(${routeStops.visitedAt})::int from ${routeStops} where ${routeStops.routeId} = ${routes.id})`,
    })
    .from(routes)
    .where(eq(routes.coordinatorId, coordinatorId));
  // The area's service: every job of the coordinator's ZIP codes that has been verified, by anyone.
  const zips = await coordinatorZips(ctx, coordinatorId);
  const verified =
    zips.length === 0
      ? []
      : await ctx.db
          .select({ completedAt: jobs.completedAt, verifiedAt: jobs.verifiedAt })
          .from(jobs)
          .where(and(inArray(jobs.zipCode, zips), isNotNull(jobs.verifiedAt)));
  return routeAnalytics(
    saved,
    verified.map((v) => ({ completedAt: v.completedAt, verifiedAt: v.verifiedAt! })),
  );
}
