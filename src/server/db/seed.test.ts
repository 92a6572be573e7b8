import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRecommendationsSchema } from '../../contract/preferences';
import { databaseKinds } from '../test/databases';
import { createTestApp, sessionCookieOf, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe.each(databaseKinds())('the demo town on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SEED_DEMO: '1' });
    await seedDemo(t.database.db, t.ctx.config.serviceZips, t.clock.now(), t.ctx.config.platformFeePercent);
  });
  afterAll(() => t.close());

  async function recommendationsOf(email: string) {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookieOf(login);
    const { id } = login.json<{ id: string }>();
    const response = await t.app.inject({ method: 'GET', url: `/api/teens/${id}/job-recommendations?limit=50`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return JobRecommendationsSchema.parse(response.json()).recommendations;
  }

  it('recommends jobs to each demo teen from the first sign-in, each for a tool they ticked and no job the rules refuse them', async () => {
    const maya = await recommendationsOf('teen@demo.yardly.app');
    expect(maya.length).toBeGreaterThan(0);
    // Maya, 16, ticked the power mower: the mower job is hers to take; Jordan, 15, may not use one.
    const jordan = await recommendationsOf('teen2@demo.yardly.app');
    expect(jordan.length).toBeGreaterThan(0);
    expect(jordan.some((job) => job.equipment.includes('lawn_mower') || job.equipment.includes('leaf_blower'))).toBe(false);
    for (const job of [...maya, ...jordan]) expect(job.equipment).not.toContain('chainsaw');
  });
});
