import { z } from 'zod';
import { ConsentStatusSchema } from './auth';
import { isLocalDate } from './dates';

/** The route optimizer (issue 17): what POST /api/routes/optimize takes and answers. */
export const MAX_ROUTE_JOBS = 200;

export const PointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Point = z.infer<typeof PointSchema>;

/** A local time of day, 'HH:MM'. */
const StartTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give the start time as HH:MM');

export const OptimizeRouteRequestSchema = z.object({
  /** None (or none sent) is refused by the server with the spec's words, 'Select at least one job to optimize'. */
  jobIds: z
    .array(z.uuid('Job not found'))
    .max(MAX_ROUTE_JOBS, `A route visits at most ${MAX_ROUTE_JOBS} jobs`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each job can be visited only once')
    .default([]),
  date: z.string().refine(isLocalDate, 'Choose the date as YYYY-MM-DD'),
  /** Where the route starts and ends; the coordinator's base by default. */
  start: PointSchema.optional(),
  /** When the route leaves the start, local time 'HH:MM'; 09:00 by default. */
  startTime: StartTimeSchema.optional(),
});
export type OptimizeRouteRequest = z.input<typeof OptimizeRouteRequestSchema>;

export const OptimizedStopSchema = z.object({
  stopOrder: z.number().int().min(1),
  jobId: z.uuid(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** When the coordinator arrives, as an ISO instant. */
  estimatedArrival: z.string(),
  /** Miles, 2 decimals. */
  distanceFromPrevious: z.number(),
  /** Minutes, whole. */
  travelTimeFromPrevious: z.number().int(),
});
export type OptimizedStop = z.infer<typeof OptimizedStopSchema>;

export const OptimizationResultSchema = z.object({
  /** Miles from the start through every stop and back, 2 decimals. */
  totalDistance: z.number(),
  /** Minutes from leaving the start to being back: driving and the visits. */
  estimatedDuration: z.number().int(),
  start: PointSchema,
  stops: z.array(OptimizedStopSchema),
  optimizationData: z.object({
    /** Percent shorter than visiting the jobs in the order given, 1 decimal. */
    savings: z.number(),
    /** The tour's lower bound over its length, in percent, 1 decimal (100 when proven optimal). */
    routeEfficiency: z.number(),
    /** Miles no round trip through these stops can beat, 2 decimals. */
    lowerBound: z.number(),
    method: z.enum(['exact', 'heuristic']),
    computeMs: z.number().int(),
    /** Where the miles and minutes came from: 'osrm' (roads, ROUTING_URL) or 'model' (straight line times the road factor). */
    distanceSource: z.enum(['osrm', 'model']).optional(),
  }),
});
export type OptimizationResult = z.infer<typeof OptimizationResultSchema>;

/** Spec 3, Route: planned when saved, then in_progress, then completed; never back. */
export const ROUTE_STATUSES = ['planned', 'in_progress', 'completed'] as const;
export const RouteStatusSchema = z.enum(ROUTE_STATUSES);
export type RouteStatus = z.infer<typeof RouteStatusSchema>;

export const ROUTE_NAME_MAX_LENGTH = 100;
export const ROUTE_NOTES_MAX_LENGTH = 1000;

/** The name a route takes when none is given (spec 7: 'Route for {date}'). */
export const defaultRouteName = (date: string) => `Route for ${date}`;

/**
 * POST /api/routes: a route to keep, as the jobs in the order to visit them (usually the order
 * POST /api/routes/optimize answered). The server recomputes every leg, time and figure itself.
 */
export const SaveRouteRequestSchema = z.object({
  /** Spec 7 sends it; when given it must be the caller. */
  coordinatorId: z.uuid().optional(),
  /** 'Route for {date}' when left out or blank. */
  name: z.string().trim().max(ROUTE_NAME_MAX_LENGTH, `Keep the name within ${ROUTE_NAME_MAX_LENGTH} characters`).optional(),
  date: z.string().refine(isLocalDate, 'Choose the date as YYYY-MM-DD'),
  notes: z.string().trim().max(ROUTE_NOTES_MAX_LENGTH, `Keep the notes within ${ROUTE_NOTES_MAX_LENGTH} characters`).optional(),
  /**
   * Spec 7's shape of the same thing: the stops as the optimizer answered them (only `jobId` and
   * `stopOrder` are read; every figure is the server's). Send either this or `jobIds`.
   */
  stops: z
    .array(z.object({ jobId: z.uuid('Job not found'), stopOrder: z.number().int().min(1) }))
    .max(MAX_ROUTE_JOBS, `A route visits at most ${MAX_ROUTE_JOBS} jobs`)
    .refine((stops) => new Set(stops.map((s) => s.stopOrder)).size === stops.length, 'Each stop needs its own stopOrder')
    .optional(),
  /** The jobs in visiting order: the first is stop 1. None is refused with 'Select at least one job to optimize'. */
  jobIds: z
    .array(z.uuid('Job not found'))
    .max(MAX_ROUTE_JOBS, `A route visits at most ${MAX_ROUTE_JOBS} jobs`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each job can be visited only once')
    .default([]),
  /**
   * The same jobs in the order they were chosen (as sent to POST /api/routes/optimize): the route's
   * savings are measured against it. Left out, the saved order is the baseline (savings 0).
   */
  chosenOrder: z.array(z.uuid('Job not found')).max(MAX_ROUTE_JOBS).optional(),
  /** Where the route starts and ends; the coordinator's base by default. */
  start: PointSchema.optional(),
  /** When the route leaves the start, local time 'HH:MM'; 09:00 by default. */
  startTime: StartTimeSchema.optional(),
});
export type SaveRouteRequest = z.input<typeof SaveRouteRequestSchema>;

export const RouteStopSchema = OptimizedStopSchema.extend({
  /** When the coordinator marked the stop visited (or verified its job from the route); null until then. */
  visitedAt: z.string().nullable(),
});
export type RouteStop = z.infer<typeof RouteStopSchema>;

/** Spec 3, Route, as saved. Figures are the server's, computed when the route was saved. */
export const RouteSchema = z.object({
  id: z.uuid(),
  coordinatorId: z.uuid(),
  name: z.string(),
  /** 'YYYY-MM-DD'. */
  date: z.string(),
  notes: z.string().nullable(),
  status: RouteStatusSchema,
  /** Miles, 2 decimals, start through every stop and back. */
  totalDistance: z.number(),
  /** Minutes, driving and visits. */
  estimatedDuration: z.number().int(),
  start: PointSchema,
  /** Local 'HH:MM' the route leaves the start. */
  startTime: z.string(),
  stops: z.array(RouteStopSchema),
  optimizationData: z.object({
    /** Percent shorter than the same jobs in `chosenOrder` (0 when none was sent), 1 decimal; negative when longer. */
    savings: z.number(),
    /** The Held-Karp lower bound over the saved tour's length, in percent, 1 decimal. */
    routeEfficiency: z.number(),
    /** Miles, 2 decimals. */
    lowerBound: z.number(),
    /** 'exact': up to 12 stops, the bound is the true optimum; 'heuristic': the Held-Karp 1-tree bound. */
    method: z.enum(['exact', 'heuristic']),
  }),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Route = z.infer<typeof RouteSchema>;

export const RouteListSchema = z.object({ routes: z.array(RouteSchema) });
export type RouteList = z.infer<typeof RouteListSchema>;

export const RouteIdParamsSchema = z.object({ id: z.uuid('Route not found') });
export const CoordinatorIdParamsSchema = z.object({ coordinatorId: z.uuid('Coordinator not found') });

/**
 * PATCH /api/routes/{id}: one change at a time: move the route on (planned -> in_progress ->
 * completed), or mark one of its stops visited (by its job; once, the first time counts).
 */
export const UpdateRouteRequestSchema = z.union([
  z.strictObject({ status: z.enum(['in_progress', 'completed'], 'Status must be in_progress or completed') }),
  z.strictObject({ visitedJobId: z.uuid('Job not found') }),
]);
export type UpdateRouteRequest = z.infer<typeof UpdateRouteRequestSchema>;

/** GET /api/routes/coordinator/{coordinatorId}/analytics: computed from the saved routes only. */
export const RouteAnalyticsSchema = z.object({
  routesPlanned: z.number().int(),
  routesInProgress: z.number().int(),
  routesCompleted: z.number().int(),
  /** Miles over every saved route, 2 decimals. */
  totalDistance: z.number(),
  /** Miles saved against the order the jobs were given in, over every saved route, 2 decimals. */
  distanceSaved: z.number(),
  /** Miles saved over the miles the given orders would have taken, in percent, 1 decimal; null with no routes. */
  distanceSavedPercent: z.number().nullable(),
  /** Mean of the routes' efficiency, in percent, 1 decimal; null with no routes. */
  efficiencyPercent: z.number().nullable(),
  /** Mean stops per route, 1 decimal; null with no routes. */
  jobsPerRoute: z.number().nullable(),
  /** Stops marked visited. */
  stopsVisited: z.number().int(),
  /** Jobs of the coordinator's ZIP codes that have been verified (by them or an admin), paid ones included. */
  jobsVerified: z.number().int(),
  /** Median hours from a job's completion to its verification, over those jobs, 1 decimal; null with none. */
  medianHoursToVerification: z.number().nullable(),
  /** One point per route, oldest date first (the chart of distance saved). */
  perRoute: z.array(
    z.object({
      routeId: z.uuid(),
      name: z.string(),
      date: z.string(),
      status: RouteStatusSchema,
      stops: z.number().int(),
      totalDistance: z.number(),
      distanceSaved: z.number(),
      savingsPercent: z.number(),
      efficiencyPercent: z.number(),
    }),
  ),
});
export type RouteAnalytics = z.infer<typeof RouteAnalyticsSchema>;

/** GET /api/teens/coordinator/{id}: a teen of the coordinator's ZIP codes. Never a date of birth, email or address. */
export const CoordinatorTeenSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  username: z.string(),
  zipCode: z.string().nullable(),
  isAvailable: z.boolean(),
  /** Spec 4's title from paid jobs (Rookie, Worker, Grinder, Pro); null when not known. */
  levelTitle: z.string().nullable(),
  /** Jobs accepted, in progress or completed (awaiting verification). */
  activeJobs: z.number().int(),
  parentalConsentStatus: ConsentStatusSchema,
});
export type CoordinatorTeen = z.infer<typeof CoordinatorTeenSchema>;
export const CoordinatorTeenListSchema = z.object({ teens: z.array(CoordinatorTeenSchema) });
export type CoordinatorTeenList = z.infer<typeof CoordinatorTeenListSchema>;

/** POST /api/demo/create-data: what was created. */
export const DemoDataResultSchema = z.object({ jobsCreated: z.number().int(), jobIds: z.array(z.uuid()) });
export type DemoDataResult = z.infer<typeof DemoDataResultSchema>;
/** GET /api/demo: whether this server creates demo data (only where the demo accounts are seeded). */
export const DemoStatusSchema = z.object({ enabled: z.boolean() });
export type DemoStatus = z.infer<typeof DemoStatusSchema>;
