import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { notifications, userAchievements, userStats, xpAwards } from '../../db/schema';
import { caller, jobAt, type Cast } from '../../test/job-flow';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

export const NOON_BOSTON = new Date('2026-06-15T16:00:00Z');
export const WEEK_MS = 7 * 24 * 3600_000;

/** The app and people of a progress API test file: one homeowner, approved teens, the area's coordinator. */
export interface ProgressApi {
  t: TestApp;
  call: ReturnType<typeof caller>;
  cast: Cast;
  ids: { homeowner: string; teen: string };
  /** A paid job of `cast.teen` (or another cast's), released by its homeowner. */
  paidJob(cast?: Cast, overrides?: Record<string, unknown>): Promise<string>;
  /** Another approved teen with their own cast (same homeowner and coordinator). */
  anotherTeen(): Promise<{ id: string; cookie: string; cast: Cast }>;
  awardsOf(userId: string): Promise<(typeof xpAwards.$inferSelect)[]>;
  statsOf(userId: string): Promise<typeof userStats.$inferSelect | undefined>;
  achievementIdsOf(userId: string): Promise<string[]>;
  noticeTitlesOf(userId: string): Promise<string[]>;
}

export function useProgressApi(kind: 'pglite' | 'postgres'): ProgressApi {
  const api = {} as ProgressApi;
  Object.assign(api, {
    call: (...args: Parameters<ReturnType<typeof caller>>) => caller(api.t)(...args),
    async paidJob(cast: Cast = api.cast, overrides: Record<string, unknown> = {}) {
      const job = await jobAt(api.t, cast, 'verified', overrides);
      const released = await api.call('POST', `/api/jobs/${job.id}/release-payment`, cast.homeowner, {});
      if (released.statusCode !== 200) throw new Error(`release failed: ${released.statusCode} ${released.body}`);
      return job.id;
    },
    async anotherTeen() {
      const teen = await signInAs(api.t, 'teen', { consent: 'approved' });
      return { id: teen.user.id, cookie: teen.cookie, cast: { ...api.cast, teen: teen.cookie } };
    },
    awardsOf: (userId: string) => api.t.database.db.select().from(xpAwards).where(eq(xpAwards.userId, userId)),
    statsOf: async (userId: string) => (await api.t.database.db.select().from(userStats).where(eq(userStats.userId, userId)))[0],
    achievementIdsOf: async (userId: string) =>
      (await api.t.database.db.select().from(userAchievements).where(eq(userAchievements.userId, userId))).map((a) => a.achievementId).sort(),
    noticeTitlesOf: async (userId: string) => (await api.t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title).sort(),
  } satisfies Omit<ProgressApi, 't' | 'cast' | 'ids'>);

  beforeAll(async () => {
    const t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    api.t = t;
    const homeowner = await signUp(t, 'homeowner');
    const teen = await signInAs(t, 'teen', { consent: 'approved' });
    const coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    api.cast = { homeowner: homeowner.cookie, teen: teen.cookie, coordinator: coordinator.cookie };
    api.ids = { homeowner: homeowner.user.id, teen: teen.user.id };
  });
  beforeEach(() => api.t.clock.set(NOON_BOSTON));
  afterAll(async () => {
    await api.t.close();
  });
  return api;
}
