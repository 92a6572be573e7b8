import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../test/ledger-invariants';
import { notifications, userAchievements, userStats, xpAwards } from '../../db/schema';
import { caller, jobAt, NOON_BOSTON, signInCast, type Cast } from '../../test/job-flow';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

export { NOON_BOSTON };
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
    Object.assign(api, await signInCast(t));
  });
  beforeEach(() => api.t.clock.set(NOON_BOSTON));
  afterAll(async () => {
    await expectProgressConsistent(api.t.database.db);
    await api.t.close();
  });
  return api;
}

/**
 * The invariants of progress, checked at the end of every progress test file: each teen's totals are
 * what their rows say (XP the sum of their awards, paid jobs and earnings their paid-job awards and
 * wallet entries, achievement points their achievements, reviews their published reviews), every paid
 * job of the ledger has exactly one award, and no review counted before it was published.
 */
export async function expectProgressConsistent(db: Executor): Promise<void> {
  const drift = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      select s.user_id,
        s.experience_points, (select coalesce(sum(points), 0) from xp_awards a where a.user_id = s.user_id)::int as award_points,
        s.paid_jobs, (select count(*) from xp_awards a where a.user_id = s.user_id and a.event = 'paid_job')::int as paid_awards,
        s.earnings_cents, (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account = 'teen_wallet' and e.user_id = s.user_id)::int as wallet,
        s.achievement_points, (select coalesce(sum(points), 0) from user_achievements u where u.user_id = s.user_id)::int as achievement_rows,
        s.review_count, (select count(*) from reviews r where r.reviewee_id = s.user_id and r.reviewer_role = 'homeowner' and r.published_at is not null)::int as published_reviews
      from user_stats s`),
  );
  const wrong = drift.filter(
    (r) =>
      r.experience_points !== r.award_points ||
      r.paid_jobs !== r.paid_awards ||
      r.earnings_cents !== r.wallet ||
      r.achievement_points !== r.achievement_rows ||
      r.review_count !== r.published_reviews,
  );
  expect(wrong).toEqual([]);
  const unawarded = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      select t.job_id from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account = 'teen_wallet'
      where t.movement in ('release', 'split')
        and (select count(*) from xp_awards a where a.user_id = e.user_id and a.source = 'job:' || t.job_id || ':paid') <> 1`),
  );
  expect(unawarded).toEqual([]);
}
