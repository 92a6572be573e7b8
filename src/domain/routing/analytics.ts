import type { RouteAnalytics, RouteStatus } from '../../contract/routes';

/** What the analytics read of one saved route: the server's own figures from when it was saved. */
export interface SavedRouteFigures {
  routeId: string;
  name: string;
  date: string;
  status: RouteStatus;
  stops: number;
  stopsVisited: number;
  /** Miles of the saved order. */
  totalDistance: number;
  /** Miles of the same jobs in the order they were chosen. */
  chosenOrderDistance: number;
  /** Miles no tour through these stops can beat. */
  lowerBound: number;
}

/** A verified job of the coordinator's area, with when it was completed (null when it never was). */
export interface VerifiedJobTimes {
  completedAt: Date | null;
  verifiedAt: Date;
}

/** The chart shows this many routes: the latest dates. */
export const ANALYTICS_SERIES_LENGTH = 30;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A route's efficiency: its bound over its length, in percent (100 for a route of no length). */
export const efficiencyOf = (route: Pick<SavedRouteFigures, 'totalDistance' | 'lowerBound'>) => (route.totalDistance > 0 ? Math.min(100, (100 * route.lowerBound) / route.totalDistance) : 100);

/** How much shorter the saved order is than the chosen order, in percent (negative when longer). */
export const savingsOf = (route: Pick<SavedRouteFigures, 'totalDistance' | 'chosenOrderDistance'>) =>
  route.chosenOrderDistance > 0 ? (100 * (route.chosenOrderDistance - route.totalDistance)) / route.chosenOrderDistance : 0;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A coordinator's route analytics (issue 17), from what they saved and did: never a constant. With
 * no routes every count is 0 and every mean null, so a screen can say there is nothing yet.
 */
export function routeAnalytics(routes: readonly SavedRouteFigures[], verified: readonly VerifiedJobTimes[]): RouteAnalytics {
  const count = (status: RouteStatus) => routes.filter((r) => r.status === status).length;
  const sum = (pick: (r: SavedRouteFigures) => number) => routes.reduce((total, r) => total + pick(r), 0);
  const mean = (pick: (r: SavedRouteFigures) => number, digits: number) => (routes.length > 0 ? round(sum(pick) / routes.length, digits) : null);
  const totalDistance = sum((r) => r.totalDistance);
  const chosenDistance = sum((r) => r.chosenOrderDistance);
  const hours = verified.flatMap((job) => (job.completedAt ? [(job.verifiedAt.getTime() - job.completedAt.getTime()) / 3_600_000] : []));
  const medianHours = median(hours);
  const series = [...routes]
    .sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1))
    .slice(-ANALYTICS_SERIES_LENGTH)
    .map((r) => ({
      routeId: r.routeId,
      name: r.name,
      date: r.date,
      status: r.status,
      stops: r.stops,
      totalDistance: round(r.totalDistance, 2),
      distanceSaved: round(r.chosenOrderDistance - r.totalDistance, 2),
      savingsPercent: round(savingsOf(r), 1),
      efficiencyPercent: round(efficiencyOf(r), 1),
    }));
  return {
    routesPlanned: count('planned'),
    routesInProgress: count('in_progress'),
    routesCompleted: count('completed'),
    totalDistance: round(totalDistance, 2),
    distanceSaved: round(chosenDistance - totalDistance, 2),
    distanceSavedPercent: routes.length > 0 ? round(chosenDistance > 0 ? (100 * (chosenDistance - totalDistance)) / chosenDistance : 0, 1) : null,
    efficiencyPercent: mean(efficiencyOf, 1),
    jobsPerRoute: mean((r) => r.stops, 1),
    stopsVisited: sum((r) => r.stopsVisited),
    jobsVerified: verified.length,
    medianHoursToVerification: medianHours === null ? null : round(medianHours, 1),
    perRoute: series,
  };
}

/** Spec 3's route statuses move one way: planned, then in progress, then completed. */
export function nextRouteStatusAllowed(from: RouteStatus, to: RouteStatus): boolean {
  return (from === 'planned' && to === 'in_progress') || (from === 'in_progress' && to === 'completed');
}
