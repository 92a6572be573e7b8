import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptimizationResultSchema, RouteAnalyticsSchema, RouteListSchema, RouteSchema, type Route } from '../../../contract/routes';
import { jobs } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { insertJobAt } from './routes.test-support';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Four corners of a square north-east of 02139's centre, listed crosswise. */
const CORNERS = [
  [42.37, -71.09],
  [42.38, -71.08],
  [42.37, -71.08],
  [42.38, -71.09],
] as const;

type Person = { user: { id: string }; cookie: string };

describe.each(databaseKinds())('saved routes on %s', (kind) => {
  let t: TestApp;
  let coordinator: Person;
  let homeowner: Person;
  let admin: Person;

  const jobAt = (latitude: number, longitude: number, extra: Parameters<typeof insertJobAt>[4] = {}) => insertJobAt(t, homeowner.user.id, latitude, longitude, extra);
  const corners = () => Promise.all(CORNERS.map(([lat, lng]) => jobAt(lat, lng)));
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = coordinator.cookie) => t.app.inject({ method, url, headers: { cookie }, payload: payload as object });
  const save = (payload: unknown, cookie = coordinator.cookie) => call('POST', '/api/routes', payload, cookie);
  const patch = (id: string, payload: unknown, cookie = coordinator.cookie) => call('PATCH', `/api/routes/${id}`, payload, cookie);
  const list = (coordinatorId: string, cookie = coordinator.cookie) => call('GET', `/api/routes/coordinator/${coordinatorId}`, undefined, cookie);
  const analytics = (coordinatorId: string, cookie = coordinator.cookie) => call('GET', `/api/routes/coordinator/${coordinatorId}/analytics`, undefined, cookie);

  /** Moves the test clock on by some minutes (sessions stay fresh) and answers the new time as the API writes it. */
  function later(minutes: number): string {
    t.clock.set(new Date(t.clock.now().getTime() + minutes * 60_000));
    return t.clock.now().toISOString();
  }

  async function savedRoute(payload: Record<string, unknown>, cookie = coordinator.cookie): Promise<Route> {
    const response = await save(payload, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return RouteSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    homeowner = await signUp(t, 'homeowner');
    admin = await signInAs(t, 'admin');
  });
  afterAll(() => t.close());

  it("saves the optimized order as planned with the server's own figures, whatever the client sends", async () => {
    const ids = await corners();
    const optimized = OptimizationResultSchema.parse((await call('POST', '/api/routes/optimize', { jobIds: ids, date: '2026-11-26' })).json());
    const order = optimized.stops.map((s) => s.jobId);
    const route = await savedRoute({
      coordinatorId: coordinator.user.id,
      date: '2026-11-26',
      notes: '  Bring bags  ',
      jobIds: order,
      chosenOrder: ids,
      // Figures a client might send are not the route's: the server works them out.
      totalDistance: 0.01,
      estimatedDuration: 1,
    });
    expect(route).toMatchObject({ coordinatorId: coordinator.user.id, name: 'Route for 2026-11-26', date: '2026-11-26', notes: 'Bring bags', status: 'planned', startTime: '09:00', startedAt: null, completedAt: null });
    expect(route.totalDistance).toBe(optimized.totalDistance);
    expect(route.estimatedDuration).toBe(optimized.estimatedDuration);
    expect(route.start).toEqual(optimized.start);
    expect(route.stops).toEqual(optimized.stops.map((s) => ({ ...s, visitedAt: null })));
    // The optimum up to 12 stops: the bound is the tour itself, and the savings are the optimizer's.
    expect(route.optimizationData).toMatchObject({ method: 'exact', routeEfficiency: 100, savings: optimized.optimizationData.savings });
    expect(route.optimizationData.savings).toBeGreaterThan(10);
  });

  it("takes spec 7's body too: the optimizer's stops, by their stopOrder, their figures ignored", async () => {
    const ids = await corners();
    const optimized = OptimizationResultSchema.parse((await call('POST', '/api/routes/optimize', { jobIds: ids, date: '2026-11-26' })).json());
    const stops = [...optimized.stops].reverse().map((stop) => ({ ...stop, distanceFromPrevious: 0, travelTimeFromPrevious: 0 }));
    const route = await savedRoute({ coordinatorId: coordinator.user.id, name: 'Route for 2026-11-26', date: '2026-11-26', notes: '', stops });
    expect(route.stops).toEqual(optimized.stops.map((s) => ({ ...s, visitedAt: null })));
    expect(route.notes).toBeNull();
    const both = await save({ date: '2026-11-26', stops, jobIds: ids });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().fields)).toEqual(['stops']);
    const twice = await save({ date: '2026-11-26', stops: [stops[0], { ...stops[0], stopOrder: 9 }] });
    expect(twice.statusCode).toBe(400);
    const sameOrder = await save({ date: '2026-11-26', stops: [stops[0], { ...stops[1], stopOrder: stops[0]!.stopOrder }] });
    expect(sameOrder.statusCode).toBe(400);
  });

  it('keeps the order given, however long, and measures it honestly', async () => {
    const ids = await corners();
    // Crosswise, as chosen: no savings, and an efficiency below 100 against the optimum.
    const route = await savedRoute({ name: 'Crosswise', date: '2026-11-27', jobIds: ids, startTime: '13:30' });
    expect(route.stops.map((s) => s.jobId)).toEqual(ids);
    expect(route.name).toBe('Crosswise');
    expect(route.startTime).toBe('13:30');
    expect(Date.parse(route.stops[0]!.estimatedArrival) - Date.parse('2026-11-27T18:30:00Z')).toBe(route.stops[0]!.travelTimeFromPrevious * 60_000);
    expect(route.optimizationData.savings).toBe(0);
    expect(route.optimizationData.routeEfficiency).toBeLessThan(95);
    expect(route.optimizationData.lowerBound).toBeLessThan(route.totalDistance);
  });

  it('lists the coordinator\'s routes newest first with their stops, to them and admins only', async () => {
    const other = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    const ids = await corners();
    const first = await savedRoute({ name: 'First', date: '2026-12-01', jobIds: ids.slice(0, 2) }, other.cookie);
    const second = await savedRoute({ name: 'Second', date: '2026-11-30', jobIds: ids.slice(2) }, other.cookie);
    const response = await list(other.user.id, other.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const routes = RouteListSchema.parse(response.json()).routes;
    expect(routes.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(routes[1]!.stops.map((s) => s.jobId)).toEqual(ids.slice(0, 2));
    expect((await list(other.user.id, admin.cookie)).json().routes).toHaveLength(2);

    expect((await list(other.user.id)).statusCode).toBe(403);
    expect((await analytics(other.user.id)).statusCode).toBe(403);
    for (const role of ['teen', 'homeowner'] as const) {
      const person = await signInAs(t, role);
      expect((await list(other.user.id, person.cookie)).statusCode, role).toBe(403);
      expect((await analytics(other.user.id, person.cookie)).statusCode, role).toBe(403);
      expect((await patch(first.id, { status: 'in_progress' }, person.cookie)).statusCode, role).toBe(403);
      expect((await save({ date: '2026-11-26', jobIds: ids }, person.cookie)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/routes/coordinator/${other.user.id}` })).statusCode).toBe(401);
    // An admin asking about someone who is no coordinator, or nobody.
    expect((await list(homeowner.user.id, admin.cookie)).statusCode).toBe(404);
    expect((await list(UNKNOWN_ID, admin.cookie)).statusCode).toBe(404);
    // Another coordinator's route is not found to this one; admins may move it on.
    expect((await patch(first.id, { status: 'in_progress' })).statusCode).toBe(404);
    expect((await patch(first.id, { status: 'in_progress' }, admin.cookie)).statusCode).toBe(200);
    // Saving for someone else is refused.
    expect((await save({ coordinatorId: other.user.id, date: '2026-11-26', jobIds: ids })).statusCode).toBe(403);
  });

  it("starts from the coordinator's base once they set it, else their first ZIP code's centre", async () => {
    const own = await signInAs(t, 'coordinator', { coordinatorZips: ['02139', '02141'] });
    const ids = await corners();
    const first = await savedRoute({ date: '2026-11-26', jobIds: ids.slice(0, 1) }, own.cookie);
    expect(first.start.latitude).toBeCloseTo(42.36, 1);
    const base = { latitude: 42.3736, longitude: -71.1097 };
    const set = await call('PATCH', `/api/users/${own.user.id}`, { baseLatitude: base.latitude, baseLongitude: base.longitude }, own.cookie);
    expect(set.statusCode, set.body).toBe(200);
    const optimized = OptimizationResultSchema.parse((await call('POST', '/api/routes/optimize', { jobIds: ids, date: '2026-11-26' }, own.cookie)).json());
    expect(optimized.start).toEqual(base);
    expect((await savedRoute({ date: '2026-11-26', jobIds: ids }, own.cookie)).start).toEqual(base);
    // A start given for the day wins over the base.
    const elsewhere = { latitude: 42.37, longitude: -71.1 };
    expect((await savedRoute({ date: '2026-11-26', jobIds: ids, start: elsewhere }, own.cookie)).start).toEqual(elsewhere);
  });

  it('moves planned to in progress to completed, and never back or past a step', async () => {
    const ids = await corners();
    const route = await savedRoute({ date: '2026-11-28', jobIds: ids });
    const early = await patch(route.id, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: 'This route is planned: it cannot become completed.' });

    const startedAt = later(5);
    const started = await patch(route.id, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', startedAt, completedAt: null });
    expect((await patch(route.id, { status: 'in_progress' })).statusCode).toBe(409);

    const completedAt = later(115);
    const done = RouteSchema.parse((await patch(route.id, { status: 'completed' })).json());
    expect(done).toMatchObject({ status: 'completed', startedAt, completedAt });
    expect((await patch(route.id, { status: 'in_progress' })).statusCode).toBe(409);
    expect((await patch(route.id, { visitedJobId: ids[0] })).statusCode).toBe(409);
    expect((await patch(UNKNOWN_ID, { status: 'in_progress' })).statusCode).toBe(404);
  });

  it('moves a route on once when ten ask at the same time', async () => {
    const ids = await corners();
    const route = await savedRoute({ date: '2026-11-28', jobIds: ids });
    const answers = await Promise.all(Array.from({ length: 10 }, () => patch(route.id, { status: 'in_progress' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(RouteSchema.parse(answers.find((a) => a.statusCode === 200)!.json()).status).toBe('in_progress');
  });

  it('marks a stop visited once, starting a planned route', async () => {
    const ids = await corners();
    const route = await savedRoute({ date: '2026-11-29', jobIds: ids });
    const visitedAt = later(30);
    const marked = RouteSchema.parse((await patch(route.id, { visitedJobId: ids[1] })).json());
    expect(marked.status).toBe('in_progress');
    expect(marked.startedAt).toBe(visitedAt);
    expect(marked.stops.map((s) => s.visitedAt)).toEqual([null, visitedAt, null, null]);
    // The first mark counts.
    later(30);
    const again = RouteSchema.parse((await patch(route.id, { visitedJobId: ids[1] })).json());
    expect(again.stops[1]!.visitedAt).toBe(visitedAt);
    const stranger = await jobAt(42.36, -71.1);
    expect((await patch(route.id, { visitedJobId: stranger })).statusCode).toBe(404);
  });

  it('marks a stop visited when the coordinator verifies its job while following the route, and not on a planned one', async () => {
    const teen = await signInAs(t, 'teen', { consent: 'approved' });
    const done = (lat: number) => jobAt(lat, -71.1, { status: 'completed', teenId: teen.user.id, acceptedAt: t.clock.now(), startedAt: t.clock.now(), completedAt: t.clock.now() });
    const [followedJob, plannedJob] = [await done(42.371), await done(42.372)];
    const followed = await savedRoute({ date: '2026-11-26', jobIds: [followedJob] });
    const planned = await savedRoute({ date: '2026-11-27', jobIds: [plannedJob] });
    await patch(followed.id, { status: 'in_progress' });
    const verifiedAt = later(10);
    for (const id of [followedJob, plannedJob]) {
      const verified = await call('POST', `/api/jobs/${id}/verify`, {});
      expect(verified.statusCode, verified.body).toBe(200);
    }
    const routes = RouteListSchema.parse((await list(coordinator.user.id)).json()).routes;
    expect(routes.find((r) => r.id === followed.id)!.stops[0]!.visitedAt).toBe(verifiedAt);
    expect(routes.find((r) => r.id === planned.id)).toMatchObject({ status: 'planned', stops: [{ visitedAt: null }] });
  });

  it('saves and lists a route of 200 stops within a second each, end to end', { timeout: 30_000 }, async () => {
    const rows = Array.from({ length: 200 }, (_, i) => {
      const angle = i * 2.399963;
      const radius = 0.002 + 0.03 * Math.sqrt(i / 200);
      return { latitude: 42.36 + radius * Math.sin(angle), longitude: -71.1 + radius * Math.cos(angle) };
    });
    const ids = (
      await t.database.db
        .insert(jobs)
        .values(rows.map((p) => ({ homeownerId: homeowner.user.id, title: 'Rake', description: 'Leaves', category: 'leaf_raking' as const, payCents: 4000, estimatedDuration: 60, location: 'Elm St', zipCode: '02139', physicalDemands: 'easy' as const, ...p })))
        .returning({ id: jobs.id })
    ).map((r) => r.id);
    const own = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    // The first call also loads the solver thread (a listening server does that at start).
    await savedRoute({ date: '2026-11-26', jobIds: ids.slice(0, 20) }, own.cookie);
    let t0 = performance.now();
    const route = await savedRoute({ date: '2026-11-26', jobIds: ids }, own.cookie);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(route.stops).toHaveLength(200);
    expect(route.optimizationData.method).toBe('heuristic');
    expect(route.optimizationData.lowerBound).toBeLessThanOrEqual(route.totalDistance);
    t0 = performance.now();
    const listed = RouteListSchema.parse((await list(own.user.id, own.cookie)).json()).routes;
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(listed[0]!.stops.map((s) => s.jobId)).toEqual(ids);
  });

  it('refuses bad input field by field', async () => {
    const [id] = await corners();
    const none = await save({ date: '2026-11-26', jobIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Select at least one job to optimize');
    const elsewhere = await jobAt(42.375, -71.12, { zipCode: '02138' });
    expect((await save({ date: '2026-11-26', jobIds: [id, elsewhere] })).statusCode).toBe(403);
    expect((await save({ date: '2026-11-26', jobIds: [id, UNKNOWN_ID] })).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{ jobIds: [id] }, 'date'],
      [{ date: '2026-11-26', jobIds: [id, id] }, 'jobIds'],
      [{ date: '2026-11-26', jobIds: [id], name: 'x'.repeat(101) }, 'name'],
      [{ date: '2026-11-26', jobIds: [id], notes: 'x'.repeat(1001) }, 'notes'],
      [{ date: '2026-11-26', jobIds: [id], chosenOrder: [UNKNOWN_ID] }, 'chosenOrder'],
      [{ date: '2026-11-26', jobIds: [id], startTime: '25:00' }, 'startTime'],
    ];
    for (const [payload, field] of cases) {
      const response = await save(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
    for (const payload of [{}, { status: 'planned' }, { status: 'in_progress', visitedJobId: id }, { visitedJobId: 'x' }]) {
      expect((await patch(UNKNOWN_ID, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('computes analytics from the saved routes and their jobs: zeros and nulls before any', async () => {
    // A ZIP code of its own, so the area's verified jobs are this test's only.
    const fresh = await signInAs(t, 'coordinator', { coordinatorZips: ['02141'] });
    const empty = RouteAnalyticsSchema.parse((await analytics(fresh.user.id, fresh.cookie)).json());
    expect(empty).toMatchObject({ routesPlanned: 0, routesCompleted: 0, totalDistance: 0, distanceSavedPercent: null, efficiencyPercent: null, jobsPerRoute: null, jobsVerified: 0, medianHoursToVerification: null, perRoute: [] });

    const ids = await Promise.all(CORNERS.map(([lat, lng]) => jobAt(lat, lng, { zipCode: '02141' })));
    const optimized = OptimizationResultSchema.parse((await call('POST', '/api/routes/optimize', { jobIds: ids, date: '2026-12-02' }, fresh.cookie)).json());
    const good = await savedRoute({ date: '2026-12-02', jobIds: optimized.stops.map((s) => s.jobId), chosenOrder: ids }, fresh.cookie);
    const plain = await savedRoute({ date: '2026-12-01', jobIds: ids.slice(0, 2) }, fresh.cookie);
    await patch(plain.id, { status: 'in_progress' }, fresh.cookie);
    await patch(plain.id, { visitedJobId: ids[0] }, fresh.cookie);
    await patch(plain.id, { status: 'completed' }, fresh.cookie);
    // A job of the area, on no route, completed three hours before the coordinator verifies it; one of another area does not count.
    const teen = await signInAs(t, 'teen', { consent: 'approved' });
    const completed = { status: 'completed' as const, teenId: teen.user.id, acceptedAt: t.clock.now(), startedAt: t.clock.now(), completedAt: t.clock.now() };
    const areaJob = await jobAt(42.371, -71.1, { ...completed, zipCode: '02141' });
    await jobAt(42.375, -71.12, { ...completed, zipCode: '02138', status: 'verified', verifiedAt: t.clock.now() });
    later(180);
    expect((await call('POST', `/api/jobs/${areaJob}/verify`, {}, fresh.cookie)).statusCode).toBe(200);

    const response = await analytics(fresh.user.id, fresh.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const result = RouteAnalyticsSchema.parse(response.json());
    const chosenMiles = good.totalDistance / (1 - good.optimizationData.savings / 100) + plain.totalDistance;
    expect(result).toMatchObject({ routesPlanned: 1, routesInProgress: 0, routesCompleted: 1, jobsPerRoute: 3, stopsVisited: 1, jobsVerified: 1, medianHoursToVerification: 3 });
    expect(result.totalDistance).toBeCloseTo(good.totalDistance + plain.totalDistance, 1);
    expect(result.distanceSavedPercent!).toBeCloseTo((100 * (chosenMiles - result.totalDistance)) / chosenMiles, 0);
    expect(result.efficiencyPercent).toBe(100);
    expect(result.perRoute.map((p) => p.routeId)).toEqual([plain.id, good.id]);
    expect(result.perRoute[1]!.savingsPercent).toBe(good.optimizationData.savings);
    expect(result.perRoute[0]!.distanceSaved).toBe(0);
    expect((await analytics(fresh.user.id, admin.cookie)).statusCode).toBe(200);
  });
});
