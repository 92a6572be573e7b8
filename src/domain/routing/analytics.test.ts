import { describe, expect, it } from 'vitest';
import { median, nextRouteStatusAllowed, routeAnalytics, type SavedRouteFigures } from './analytics';

const route = (over: Partial<SavedRouteFigures>): SavedRouteFigures => ({
  routeId: '00000000-0000-4000-8000-000000000001',
  name: 'Route',
  date: '2026-11-26',
  status: 'planned',
  stops: 4,
  stopsVisited: 0,
  totalDistance: 10,
  chosenOrderDistance: 12.5,
  lowerBound: 9,
  ...over,
});

describe('routeAnalytics', () => {
  it('answers zeros and nulls with no routes', () => {
    expect(routeAnalytics([], [])).toEqual({
      routesPlanned: 0,
      routesInProgress: 0,
      routesCompleted: 0,
      totalDistance: 0,
      distanceSaved: 0,
      distanceSavedPercent: null,
      efficiencyPercent: null,
      jobsPerRoute: null,
      stopsVisited: 0,
      jobsVerified: 0,
      medianHoursToVerification: null,
      perRoute: [],
    });
  });

  it('sums distances, weighs savings by miles, averages efficiency and stops, and charts oldest first', () => {
    const a = route({ routeId: '00000000-0000-4000-8000-00000000000a', date: '2026-11-27', status: 'completed', stops: 3, stopsVisited: 3, totalDistance: 10, chosenOrderDistance: 20, lowerBound: 10 });
    const b = route({ routeId: '00000000-0000-4000-8000-00000000000b', date: '2026-11-20', status: 'in_progress', stops: 6, stopsVisited: 1, totalDistance: 30, chosenOrderDistance: 30, lowerBound: 24 });
    const result = routeAnalytics([a, b], []);
    expect(result).toMatchObject({
      routesPlanned: 0,
      routesInProgress: 1,
      routesCompleted: 1,
      totalDistance: 40,
      distanceSaved: 10,
      // 10 miles saved of the 50 the chosen orders took.
      distanceSavedPercent: 20,
      // (100 + 80) / 2.
      efficiencyPercent: 90,
      jobsPerRoute: 4.5,
      stopsVisited: 4,
    });
    expect(result.perRoute.map((p) => [p.date, p.distanceSaved, p.savingsPercent, p.efficiencyPercent])).toEqual([
      ['2026-11-20', 0, 0, 80],
      ['2026-11-27', 10, 50, 100],
    ]);
  });

  it('takes the median hours from completion to verification over the jobs completed', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 10, 26, h));
    const verified = [
      { completedAt: at(0), verifiedAt: at(2) },
      { completedAt: at(0), verifiedAt: at(5) },
      { completedAt: at(1), verifiedAt: at(11) },
      { completedAt: null, verifiedAt: at(3) },
    ];
    const result = routeAnalytics([route({})], verified);
    expect(result.jobsVerified).toBe(4);
    expect(result.medianHoursToVerification).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('nextRouteStatusAllowed', () => {
  it('moves planned to in progress to completed, never back or past a step', () => {
    expect(nextRouteStatusAllowed('planned', 'in_progress')).toBe(true);
    expect(nextRouteStatusAllowed('in_progress', 'completed')).toBe(true);
    expect(nextRouteStatusAllowed('planned', 'completed')).toBe(false);
    expect(nextRouteStatusAllowed('completed', 'in_progress')).toBe(false);
    expect(nextRouteStatusAllowed('in_progress', 'in_progress')).toBe(false);
    expect(nextRouteStatusAllowed('in_progress', 'planned')).toBe(false);
  });
});
