import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptimizationResultSchema, RouteSchema } from '../../../contract/routes';
import { milesBetween } from '../../../domain/geo';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { insertJobAt } from './routes.test-support';

type LonLat = [number, number];
/** The fake road network: a grid (north-south plus east-west), driven at 3 minutes a mile going up the list and 2 coming back. */
const gridMiles = (a: LonLat, b: LonLat) => (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1])) * 60;
const gridMinutes = (a: LonLat, b: LonLat, i: number, j: number) => gridMiles(a, b) * (i < j ? 3 : 2);

describe.each(databaseKinds())('the route optimizer with ROUTING_URL on %s', (kind) => {
  let t: TestApp;
  let osrm: Server;
  let mode: 'ok' | 'too-big' | 'slow' = 'ok';
  const asked: string[] = [];
  let coordinator: { cookie: string };
  let ids: string[];

  beforeAll(async () => {
    osrm = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://osrm');
      asked.push(`${url.pathname.split('/').slice(0, 4).join('/')} ${url.searchParams.get('annotations')}`);
      const points = url.pathname.split('/')[4]!.split(';').map((pair) => pair.split(',').map(Number) as LonLat);
      const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (mode === 'too-big') return send(400, { code: 'TooBig', message: 'Too many table coordinates' });
      const table = {
        code: 'Ok',
        distances: points.map((a) => points.map((b) => gridMiles(a, b) * 1609.344)),
        durations: points.map((a, i) => points.map((b, j) => gridMinutes(a, b, i, j) * 60)),
      };
      if (mode === 'slow') setTimeout(() => send(200, table), 2600);
      else send(200, table);
    });
    await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
    t = await createTestApp(kind, { ROUTING_URL: `http://127.0.0.1:${(osrm.address() as AddressInfo).port}/` });
    coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    const homeowner = await signUp(t, 'homeowner');
    ids = [];
    for (const [lat, lng] of [
      [42.37, -71.09],
      [42.38, -71.08],
      [42.37, -71.08],
    ]) {
      ids.push(await insertJobAt(t, homeowner.user.id, lat!, lng!));
    }
  });
  afterAll(async () => {
    await t.close();
    osrm.closeAllConnections();
    await new Promise((resolve) => osrm.close(resolve));
  });

  const optimize = async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/routes/optimize', headers: { cookie: coordinator.cookie }, payload: { jobIds: ids, date: '2026-11-26' } });
    expect(response.statusCode, response.body).toBe(200);
    return OptimizationResultSchema.parse(response.json());
  };

  it("takes the miles and minutes of the routing service's table, one way or the other", async () => {
    mode = 'ok';
    asked.length = 0;
    const result = await optimize();
    expect(asked).toEqual(['/table/v1/driving distance,duration']);
    expect(result.optimizationData.distanceSource).toBe('osrm');
    const points: LonLat[] = [[result.start.longitude, result.start.latitude], ...result.stops.map((s): LonLat => [s.longitude, s.latitude])];
    const index = (k: number) => (k === 0 ? 0 : ids.indexOf(result.stops[k - 1]!.jobId) + 1);
    result.stops.forEach((stop, k) => {
      expect(stop.distanceFromPrevious).toBeCloseTo(gridMiles(points[k]!, points[k + 1]!), 2);
      expect(stop.travelTimeFromPrevious).toBe(Math.round(gridMinutes(points[k]!, points[k + 1]!, index(k), index(k + 1))));
    });
    const back = gridMiles(points[3]!, points[0]!);
    expect(result.totalDistance).toBeCloseTo(result.stops.reduce((sum, s) => sum + s.distanceFromPrevious, 0) + back, 1);
    // Saving measures the route on the same table.
    const saved = await t.app.inject({ method: 'POST', url: '/api/routes', headers: { cookie: coordinator.cookie }, payload: { date: '2026-11-26', jobIds: result.stops.map((s) => s.jobId) } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(RouteSchema.parse(saved.json()).totalDistance).toBe(result.totalDistance);
  });

  it('falls back to the default travel model when the service refuses the table', async () => {
    mode = 'too-big';
    const result = await optimize();
    expect(result.optimizationData.distanceSource).toBe('model');
    expect(result.stops[0]!.distanceFromPrevious).toBeCloseTo(milesBetween(result.start, result.stops[0]!) * 1.3, 2);
  });

  it('falls back within about 2 seconds when the service is slow', { timeout: 15_000 }, async () => {
    mode = 'slow';
    const t0 = performance.now();
    const result = await optimize();
    const ms = performance.now() - t0;
    expect(result.optimizationData.distanceSource).toBe('model');
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(2600);
  });
});
