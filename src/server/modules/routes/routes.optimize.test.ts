import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptimizationResultSchema, type OptimizationResult } from '../../../contract/routes';
import { milesBetween } from '../../../domain/geo';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { insertJobAt } from './routes.test-support';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** The centre of 02139, the coordinator's first (and only) ZIP code: their base. */
const BASE = { latitude: 42.36, longitude: -71.1 };

type Person = { user: { id: string }; cookie: string };

describe.each(databaseKinds())('POST /api/routes/optimize on %s', (kind) => {
  let t: TestApp;
  let coordinator: Person;
  let homeowner: Person;

  /** A job of the homeowner at a point (the coordinates screen is not here yet: the row says where). */
  const jobAt = (latitude: number, longitude: number, extra: Parameters<typeof insertJobAt>[4] = {}) => insertJobAt(t, homeowner.user.id, latitude, longitude, extra);

  const optimize = (payload: unknown, cookie = coordinator.cookie) => t.app.inject({ method: 'POST', url: '/api/routes/optimize', headers: { cookie }, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp(kind);
    coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    homeowner = await signUp(t, 'homeowner');
  });
  afterAll(() => t.close());

  it('answers the shortest round trip from the base, with legs, arrivals from 9:00 in Boston and honest figures', async () => {
    // Four corners of a square north-east of the base, given crosswise.
    const corners = [
      [42.37, -71.09],
      [42.38, -71.08],
      [42.37, -71.08],
      [42.38, -71.09],
    ] as const;
    const ids = await Promise.all(corners.map(([lat, lng]) => jobAt(lat, lng)));
    const response = await optimize({ jobIds: ids, date: '2026-11-26' });
    expect(response.statusCode, response.body).toBe(200);
    const result: OptimizationResult = OptimizationResultSchema.parse(response.json());
    expect(result.start.latitude).toBeCloseTo(BASE.latitude, 1);
    expect(result.stops.map((s) => s.stopOrder)).toEqual([1, 2, 3, 4]);
    expect(new Set(result.stops.map((s) => s.jobId))).toEqual(new Set(ids));
    // Round the square: never across a diagonal.
    const order = result.stops.map((s) => ids.indexOf(s.jobId));
    const diagonal = (a: number, b: number) => (a === 0 && b === 1) || (a === 1 && b === 0) || (a === 2 && b === 3) || (a === 3 && b === 2);
    for (let k = 1; k < 4; k++) expect(diagonal(order[k - 1]!, order[k]!)).toBe(false);

    const legs = result.stops.map((s) => s.distanceFromPrevious);
    const back = milesBetween(result.stops[3]!, result.start) * 1.3;
    expect(result.totalDistance).toBeCloseTo(legs.reduce((a, b) => a + b, 0) + back, 1);
    expect(legs.every((leg) => Number.isInteger(leg * 100) || Math.abs(leg * 100 - Math.round(leg * 100)) < 1e-9)).toBe(true);
    const first = result.stops[0]!;
    expect(first.distanceFromPrevious).toBeCloseTo(milesBetween(result.start, first) * 1.3, 2);
    expect(first.travelTimeFromPrevious).toBe(Math.round((first.distanceFromPrevious / 20) * 60));
    // 9:00 in Boston on 26 November is 14:00 UTC; the first arrival is after the first leg's drive.
    const firstArrival = Date.parse(first.estimatedArrival);
    expect(firstArrival - Date.parse('2026-11-26T14:00:00Z')).toBeGreaterThanOrEqual((first.travelTimeFromPrevious - 1) * 60_000);
    // Each next arrival: the previous one, 15 minutes there, then the leg.
    for (let k = 1; k < 4; k++) {
      const gap = (Date.parse(result.stops[k]!.estimatedArrival) - Date.parse(result.stops[k - 1]!.estimatedArrival)) / 60_000;
      expect(Math.abs(gap - 15 - result.stops[k]!.travelTimeFromPrevious)).toBeLessThanOrEqual(1);
    }
    const drivingMinutes = (result.totalDistance / 20) * 60;
    expect(Math.abs(result.estimatedDuration - (drivingMinutes + 4 * 15))).toBeLessThanOrEqual(1);
    expect(result.optimizationData).toMatchObject({ method: 'exact', routeEfficiency: 100 });
    expect(result.optimizationData.lowerBound).toBeCloseTo(result.totalDistance, 1);
    // The order given crosses both diagonals: the tour is shorter by a clear margin.
    expect(result.optimizationData.savings).toBeGreaterThan(10);
    expect(result.optimizationData.computeMs).toBeGreaterThanOrEqual(0);
  });

  it('starts from the point and at the time given', async () => {
    const ids = [await jobAt(42.37, -71.11), await jobAt(42.365, -71.105)];
    const start = { latitude: 42.37, longitude: -71.1 };
    const response = await optimize({ jobIds: ids, date: '2026-07-04', start, startTime: '13:30' });
    expect(response.statusCode, response.body).toBe(200);
    const result = OptimizationResultSchema.parse(response.json());
    expect(result.start).toEqual(start);
    // 13:30 in Boston in July is 17:30 UTC.
    const leaves = Date.parse('2026-07-04T17:30:00Z');
    expect(Date.parse(result.stops[0]!.estimatedArrival) - leaves).toBe(result.stops[0]!.travelTimeFromPrevious * 60_000);
  });

  it('plans 200 stops within a second, end to end, by the heuristic within 10 % of its bound', { timeout: 30_000 }, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      // A spiral of points over about three miles around the base.
      const angle = i * 2.399963;
      const radius = 0.002 + 0.03 * Math.sqrt(i / 200);
      ids.push(await jobAt(BASE.latitude + radius * Math.sin(angle), BASE.longitude + radius * Math.cos(angle)));
    }
    // The first call also loads the solver thread (a listening server does that at start).
    expect((await optimize({ jobIds: ids.slice(0, 20), date: '2026-11-26' })).statusCode).toBe(200);
    const t0 = performance.now();
    const response = await optimize({ jobIds: ids, date: '2026-11-26' });
    const ms = performance.now() - t0;
    expect(response.statusCode, response.body).toBe(200);
    const result = OptimizationResultSchema.parse(response.json());
    expect(ms).toBeLessThan(1000);
    expect(result.stops).toHaveLength(200);
    expect(new Set(result.stops.map((s) => s.jobId)).size).toBe(200);
    expect(result.optimizationData.method).toBe('heuristic');
    expect(result.optimizationData.routeEfficiency).toBeGreaterThan(90);
    expect(result.optimizationData.lowerBound).toBeLessThanOrEqual(result.totalDistance);
    expect(result.optimizationData.savings).toBeGreaterThan(0);
  });

  it("refuses no job with the spec's words, and bad input field by field", async () => {
    const id = await jobAt(42.37, -71.1);
    for (const payload of [{ jobIds: [], date: '2026-11-26' }, { date: '2026-11-26' }]) {
      const response = await optimize(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Select at least one job to optimize', code: 'VALIDATION_FAILED', fields: { jobIds: 'Select at least one job to optimize' } });
    }
    const cases: [unknown, string][] = [
      [{ jobIds: [id, id], date: '2026-11-26' }, 'jobIds'],
      [{ jobIds: Array.from({ length: 201 }, () => UNKNOWN_ID), date: '2026-11-26' }, 'jobIds'],
      [{ jobIds: ['not-a-uuid'], date: '2026-11-26' }, 'jobIds.0'],
      [{ jobIds: [id] }, 'date'],
      [{ jobIds: [id], date: '2026-02-30' }, 'date'],
      [{ jobIds: [id], date: '2026-11-26', start: { latitude: 91, longitude: 0 } }, 'start.latitude'],
      [{ jobIds: [id], date: '2026-11-26', startTime: '9am' }, 'startTime'],
    ];
    for (const [payload, field] of cases) {
      const response = await optimize(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
  });

  it('refuses unknown jobs, jobs of another area and cancelled jobs', async () => {
    const mine = await jobAt(42.37, -71.1);
    const elsewhere = await jobAt(42.375, -71.12, { zipCode: '02138' });
    const cancelled = await jobAt(42.37, -71.09, { status: 'cancelled' });
    expect((await optimize({ jobIds: [mine, UNKNOWN_ID], date: '2026-11-26' })).statusCode).toBe(404);
    const foreign = await optimize({ jobIds: [mine, elsewhere], date: '2026-11-26' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('You can plan routes only through the jobs of your own ZIP codes.');
    const gone = await optimize({ jobIds: [mine, cancelled], date: '2026-11-26' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toMatch(/is cancelled: leave it out of the route/);
  });

  it('is for coordinators only', async () => {
    const id = await jobAt(42.37, -71.1);
    const payload = { jobIds: [id], date: '2026-11-26' };
    expect((await t.app.inject({ method: 'POST', url: '/api/routes/optimize', payload })).statusCode).toBe(401);
    for (const role of ['teen', 'homeowner', 'admin'] as const) {
      const person = await signInAs(t, role);
      expect((await optimize(payload, person.cookie)).statusCode, role).toBe(403);
    }
    // A coordinator of another area cannot route through this one's jobs.
    const other = await signInAs(t, 'coordinator', { coordinatorZips: ['02138'] });
    expect((await optimize(payload, other.cookie)).statusCode).toBe(403);
  });
});
