import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoDataResultSchema, DemoStatusSchema, OptimizationResultSchema } from '../../../contract/routes';
import { milesBetween } from '../../../domain/geo';
import { jobs, ledgerTransactions } from '../../db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed';
import { zipCentroid } from '../../geo/zip-centroids';
import { databaseKinds } from '../../test/databases';
import { createTestApp, sessionCookieOf, signInAs, type TestApp } from '../../test/test-app';

describe.each(databaseKinds())('POST /api/demo/create-data on %s', (kind) => {
  describe('with demo data on', () => {
    let t: TestApp;
    let cookie: string;
    const create = (session = cookie) => t.app.inject({ method: 'POST', url: '/api/demo/create-data', headers: { cookie: session } });

    beforeAll(async () => {
      t = await createTestApp(kind, { SEED_DEMO: '1' });
      await seedDemo(t.database.db, t.ctx.config.serviceZips, t.clock.now(), t.ctx.config.platformFeePercent);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'coordinator@demo.yardly.app', password: DEMO_PASSWORD } });
      expect(login.statusCode).toBe(200);
      cookie = sessionCookieOf(login);
    });
    afterAll(() => t.close());

    it("posts a dozen jobs at points spread over the coordinator's ZIP codes, pay held, ready to route", async () => {
      const response = await create();
      expect(response.statusCode, response.body).toBe(201);
      const result = DemoDataResultSchema.parse(response.json());
      expect(result.jobsCreated).toBe(12);
      expect(new Set(result.jobIds).size).toBe(12);
      const rows = await t.database.db.select().from(jobs).where(inArray(jobs.id, result.jobIds));
      const zips = t.ctx.config.serviceZips;
      expect(rows.every((row) => row.status === 'posted' && row.teenId === null)).toBe(true);
      expect(new Set(rows.map((row) => row.zipCode))).toEqual(new Set(zips));
      for (const row of rows) {
        const miles = milesBetween({ latitude: row.latitude!, longitude: row.longitude! }, zipCentroid(row.zipCode)!);
        expect(miles).toBeGreaterThan(0.2);
        expect(miles).toBeLessThan(1.05);
      }
      expect(new Set(rows.map((row) => `${row.latitude},${row.longitude}`)).size).toBe(12);
      const holds = await t.database.db.select().from(ledgerTransactions).where(and(inArray(ledgerTransactions.jobId, result.jobIds), eq(ledgerTransactions.movement, 'hold')));
      expect(holds).toHaveLength(12);

      const optimized = await t.app.inject({ method: 'POST', url: '/api/routes/optimize', headers: { cookie }, payload: { jobIds: result.jobIds, date: '2026-11-26' } });
      expect(optimized.statusCode, optimized.body).toBe(200);
      expect(OptimizationResultSchema.parse(optimized.json()).stops).toHaveLength(12);
      // A second call posts a dozen more.
      expect(DemoDataResultSchema.parse((await create()).json()).jobIds.some((id) => result.jobIds.includes(id))).toBe(false);
    });

    it('says it creates demo data, to coordinators and admins only', async () => {
      const status = await t.app.inject({ method: 'GET', url: '/api/demo', headers: { cookie } });
      expect(status.statusCode).toBe(200);
      expect(DemoStatusSchema.strict().parse(status.json())).toEqual({ enabled: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/demo', headers: { cookie: (await signInAs(t, 'admin')).cookie } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/demo' })).statusCode).toBe(401);
      for (const role of ['teen', 'homeowner'] as const) {
        expect((await t.app.inject({ method: 'GET', url: '/api/demo', headers: { cookie: (await signInAs(t, role)).cookie } })).statusCode, role).toBe(403);
      }
    });

    it('is for coordinators only', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/demo/create-data' })).statusCode).toBe(401);
      for (const role of ['teen', 'homeowner', 'admin'] as const) {
        const person = await signInAs(t, role);
        expect((await create(person.cookie)).statusCode, role).toBe(403);
      }
    });
  });

  describe('with demo data off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { SEED_DEMO: '0' });
    });
    afterAll(() => t.close());

    it('does not exist', async () => {
      const coordinator = await signInAs(t, 'coordinator');
      expect((await t.app.inject({ method: 'POST', url: '/api/demo/create-data', headers: { cookie: coordinator.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/demo/create-data' })).statusCode).toBe(404);
    });

    it('says so to the route optimizer, which then offers no Create Demo Data', async () => {
      const coordinator = await signInAs(t, 'coordinator');
      const status = await t.app.inject({ method: 'GET', url: '/api/demo', headers: { cookie: coordinator.cookie } });
      expect(status.statusCode).toBe(200);
      expect(DemoStatusSchema.strict().parse(status.json())).toEqual({ enabled: false });
    });
  });
});
