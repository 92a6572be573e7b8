import { and, eq, inArray, isNull } from 'drizzle-orm';
import { routes, routeStops } from '../../db/schema';
import type { JobEffect } from '../jobs/job-change';

/**
 * A job effect (issue 17): a coordinator verifying a job marks it visited on their routes in
 * progress, in the verification's own transaction. A planned route is left alone: the same job may
 * be on another day's plan, and only the route being followed is where the coordinator stands.
 */
export const markVerifiedStopVisited: JobEffect = async (tx, _ctx, change) => {
  if (change.transition !== 'verify' || change.actor.role !== 'coordinator') return;
  const followed = tx
    .select({ id: routes.id })
    .from(routes)
    .where(and(eq(routes.coordinatorId, change.actor.id), eq(routes.status, 'in_progress')));
  await tx
    .update(routeStops)
    .set({ visitedAt: change.at })
    .where(and(eq(routeStops.jobId, change.after.id), isNull(routeStops.visitedAt), inArray(routeStops.routeId, followed)));
};

