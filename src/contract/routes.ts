import { z } from 'zod';
import { isLocalDate } from './dates';

/** The route optimizer (issue 17): what POST /api/routes/optimize takes and answers. */
export const MAX_ROUTE_JOBS = 200;

export const PointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Point = z.infer<typeof PointSchema>;

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
  startTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give the start time as HH:MM')
    .optional(),
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
  }),
});
export type OptimizationResult = z.infer<typeof OptimizationResultSchema>;
