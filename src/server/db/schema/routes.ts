import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROUTE_STATUSES } from '../../../contract/routes';
import { createdAt, newestFirst } from './columns';
import { jobs } from './jobs';
import { users } from './users';

export const routeStatusEnum = pgEnum('route_status', ROUTE_STATUSES);

/**
 * A coordinator's saved route (issue 17, spec 3 Route). Every figure here was computed by the
 * server from the jobs' points when the route was saved; the client's figures are never stored.
 */
export const routes = pgTable(
  'routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coordinatorId: uuid('coordinator_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    date: date('date').notNull(),
    notes: text('notes'),
    status: routeStatusEnum('status').notNull().default('planned'),
    /** Where the route starts and ends, and when it leaves there (minutes after local midnight). */
    startLatitude: doublePrecision('start_latitude').notNull(),
    startLongitude: doublePrecision('start_longitude').notNull(),
    startMinutes: integer('start_minutes').notNull(),
    /** Miles of the saved order, of the order the jobs were chosen in, and no tour can beat. */
    totalDistance: doublePrecision('total_distance').notNull(),
    chosenOrderDistance: doublePrecision('chosen_order_distance').notNull(),
    lowerBound: doublePrecision('lower_bound').notNull(),
    /** 'exact': the bound is the optimum itself (up to 12 stops); 'heuristic': the 1-tree bound. */
    boundMethod: text('bound_method').$type<'exact' | 'heuristic'>().notNull(),
    estimatedDuration: integer('estimated_duration').notNull(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('routes_coordinator_created_idx').on(t.coordinatorId, ...newestFirst(t)),
    check('routes_bound_method', sql`${t.boundMethod} in ('exact', 'heuristic')`),
    check('routes_start_minutes', sql`${t.startMinutes} between 0 and 1439`),
    // The status and its times agree: started once in progress, completed (after starting) once completed.
    check(
      'routes_status_times',
      sql`(${t.status} = 'planned' and ${t.startedAt} is null and ${t.completedAt} is null)
        or (${t.status} = 'in_progress' and ${t.startedAt} is not null and ${t.completedAt} is null)
        or (${t.status} = 'completed' and ${t.startedAt} is not null and ${t.completedAt} is not null)`,
    ),
  ],
);

/** A stop of a saved route: its job, in order, with the leg to it and the arrival as saved. */
export const routeStops = pgTable(
  'route_stops',
  {
    routeId: uuid('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    stopOrder: integer('stop_order').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    estimatedArrival: timestamp('estimated_arrival', { withTimezone: true }).notNull(),
    distanceFromPrevious: doublePrecision('distance_from_previous').notNull(),
    travelTimeFromPrevious: integer('travel_time_from_previous').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.stopOrder] }),
    check('route_stops_order', sql`${t.stopOrder} >= 1`),
    uniqueIndex('route_stops_route_job_key').on(t.routeId, t.jobId),
    // Verifying a job marks its stops visited: found by the job.
    index('route_stops_job_idx').on(t.jobId),
  ],
);
