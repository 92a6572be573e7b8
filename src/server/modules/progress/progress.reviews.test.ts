import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JobReviews, Review, UserStats } from '../../../contract/progress';
import { reviews } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { signInAs, signUp } from '../../test/test-app';
import { useProgressApi } from './progress.test-support';
import { publishDueReviews } from './reviews.service';

const DAY_MS = 24 * 3600_000;

describe.each(databaseKinds())('reviews on %s', (kind) => {
  const api = useProgressApi(kind);
  const review = (jobId: string, cookie: string | undefined, body: unknown = { rating: 5, comment: 'Great work, on time.' }) => api.call('POST', `/api/jobs/${jobId}/reviews`, cookie, body);
  const reviewsOf = async (userId: string, cookie: string): Promise<Review[]> => {
    const response = await api.call('GET', `/api/reviews/user/${userId}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('keeps a review blind until the other side writes theirs, then shows both and counts the rating once', async () => {
    const { id: teenId, cookie: teen, cast } = await api.anotherTeen();
    const job = await jobAt(api.t, cast, 'verified');
    const written = await review(job.id, cast.homeowner);
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({ jobId: job.id, rating: 5, comment: 'Great work, on time.', reviewerRole: 'homeowner', publishedAt: null });
    expect(written.json<Review>().reviewerName).toMatch(/^\S+ \S\.$/);
    // Blind: not in the teen's list, not in their figures, no notice.
    expect(await reviewsOf(teenId, teen)).toEqual([]);
    expect((await api.call('GET', `/api/user-stats/${teenId}`, teen)).json()).toMatchObject({ reviewCount: 0, averageRating: null });
    expect(await api.noticeTitlesOf(teenId)).not.toContain('New review');

    const answered = await review(job.id, teen, { rating: 4, comment: '  Friendly, clear instructions.  ' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({ reviewerRole: 'teen', rating: 4, comment: 'Friendly, clear instructions.' });
    expect(answered.json<Review>().publishedAt).not.toBeNull();
    expect((await reviewsOf(teenId, teen)).map((r) => [r.reviewerRole, r.rating])).toEqual([['homeowner', 5]]);
    expect((await reviewsOf(api.ids.homeowner, cast.homeowner)).filter((r) => r.jobId === job.id).map((r) => [r.reviewerRole, r.rating])).toEqual([['teen', 4]]);
    const stats: UserStats = (await api.call('GET', `/api/user-stats/${teenId}`, teen)).json();
    expect(stats).toMatchObject({ reviewCount: 1, averageRating: 5, experiencePoints: 25 });
    expect(await api.achievementIdsOf(teenId)).toEqual(['first_five_stars']);
    const titles = await api.noticeTitlesOf(teenId);
    expect(titles.filter((t) => t === 'New review' || t.startsWith('Achievement unlocked'))).toEqual(['Achievement unlocked: Five Stars', 'New review']);
    expect((await api.awardsOf(teenId)).map((a) => [a.event, a.points])).toEqual([['review_received', 25]]);
  });

  it("tells each side what it may see of the job's reviews: its own, the other side's once published, and whether it can write", async () => {
    const { cookie: teen, cast } = await api.anotherTeen();
    const job = await jobAt(api.t, cast, 'verified');
    const state = async (cookie: string) => {
      const response = await api.call('GET', `/api/jobs/${job.id}/reviews`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<JobReviews>();
    };
    expect(await state(cast.homeowner)).toEqual({ canReview: true, mine: null, theirs: null, otherSideWrote: false });
    await review(job.id, cast.homeowner, { rating: 2, comment: 'Missed a corner.' });
    expect(await state(cast.homeowner)).toMatchObject({ canReview: false, mine: { rating: 2 }, theirs: null, otherSideWrote: false });
    // The teen learns a review exists, not what it says.
    const blind = await state(teen);
    expect(blind).toEqual({ canReview: true, mine: null, theirs: null, otherSideWrote: true });
    expect(JSON.stringify(blind)).not.toContain('Missed a corner');
    await review(job.id, teen, { rating: 5 });
    expect(await state(teen)).toMatchObject({ canReview: false, mine: { rating: 5 }, theirs: { rating: 2, comment: 'Missed a corner.' }, otherSideWrote: true });
    expect(await state(cast.homeowner)).toMatchObject({ theirs: { rating: 5 } });
    const early = await jobAt(api.t, cast, 'accepted');
    expect((await api.call('GET', `/api/jobs/${early.id}/reviews`, cast.homeowner)).json()).toMatchObject({ canReview: false });
    expect((await api.call('GET', `/api/jobs/${job.id}/reviews`, (await api.anotherTeen()).cookie)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/jobs/${job.id}/reviews`, cast.coordinator)).statusCode).toBe(403);
  });

  it('publishes a review once its 7 days are up, and then closes the other side', async () => {
    const { id: teenId, cookie: teen, cast } = await api.anotherTeen();
    const job = await jobAt(api.t, cast, 'verified');
    expect((await review(job.id, cast.homeowner, { rating: 3 })).statusCode).toBe(201);
    api.t.clock.set(new Date(api.t.clock.now().getTime() + 7 * DAY_MS - 60_000));
    await publishDueReviews(api.t.ctx);
    expect(await reviewsOf(teenId, teen)).toEqual([]);
    api.t.clock.set(new Date(api.t.clock.now().getTime() + 60_000));
    expect(await publishDueReviews(api.t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await reviewsOf(teenId, teen)).map((r) => [r.rating, r.comment])).toEqual([[3, null]]);
    expect((await api.call('GET', `/api/user-stats/${teenId}`, teen)).json()).toMatchObject({ reviewCount: 1, averageRating: 3, experiencePoints: 0 });
    expect((await api.call('GET', `/api/jobs/${job.id}/reviews`, teen)).json()).toMatchObject({ canReview: false, theirs: { rating: 3 } });
    const late = await review(job.id, teen, { rating: 1 });
    expect([late.statusCode, late.json<{ message: string }>().message]).toEqual([409, 'The time to review this job has ended.']);
    await publishDueReviews(api.t.ctx);
    expect((await api.awardsOf(teenId)).filter((a) => a.event === 'review_received')).toHaveLength(1);
  });

  it('refuses a second review by the same side, a review before verification, and anyone but the two sides', async () => {
    const { cookie: teen, cast } = await api.anotherTeen();
    const job = await jobAt(api.t, cast, 'verified');
    expect((await review(job.id, cast.homeowner)).statusCode).toBe(201);
    const again = await review(job.id, cast.homeowner, { rating: 1 });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, 'You have already reviewed this job.']);
    const unverified = await jobAt(api.t, cast, 'completed');
    const early = await review(unverified.id, cast.homeowner);
    expect([early.statusCode, early.json<{ message: string }>().message]).toEqual([409, 'You can review this job once it is verified.']);
    expect((await review(unverified.id, teen)).statusCode).toBe(409);
    expect((await review(job.id, (await signUp(api.t, 'homeowner')).cookie)).statusCode).toBe(404);
    expect((await review(job.id, (await api.anotherTeen()).cookie)).statusCode).toBe(404);
    expect((await review(job.id, cast.coordinator)).statusCode).toBe(403);
    expect((await review(job.id, (await signInAs(api.t, 'admin')).cookie)).statusCode).toBe(403);
    expect((await review(job.id, undefined)).statusCode).toBe(401);
    expect((await review('00000000-0000-4000-8000-000000000000', teen)).statusCode).toBe(404);
  });

  it.each([
    [{ rating: 0 }, 'rating'],
    [{ rating: 6 }, 'rating'],
    [{ rating: 4.5 }, 'rating'],
    [{ rating: '5' }, 'rating'],
    [{}, 'rating'],
    [{ rating: 5, comment: 'x'.repeat(501) }, 'comment'],
    [{ rating: 5, comment: 5 }, 'comment'],
    [{ rating: 5, extra: true }, null],
  ])('refuses %o', async (body, field) => {
    const { cast } = await api.anotherTeen();
    const job = await jobAt(api.t, cast, 'verified');
    const response = await review(job.id, cast.homeowner, body);
    expect(response.statusCode, response.body).toBe(400);
    if (field) expect(Object.keys(response.json<{ fields?: Record<string, string> }>().fields ?? {})).toContain(field);
  });

  it('takes a comment of exactly 500 characters as plain text, and a blank one as none', async () => {
    const { cast } = await api.anotherTeen();
    const first = await jobAt(api.t, cast, 'verified');
    const long = '<b>not markup</b> '.padEnd(500, 'x');
    expect((await review(first.id, cast.homeowner, { rating: 4, comment: long })).json()).toMatchObject({ comment: long });
    const second = await jobAt(api.t, cast, 'verified');
    expect((await review(second.id, cast.homeowner, { rating: 4, comment: '   ' })).json()).toMatchObject({ comment: null });
  });

  it("shows a teen's reviews to their readers and a homeowner's to themselves and teens who worked for them", async () => {
    const { id: teenId, cookie: teen, cast } = await api.anotherTeen();
    const homeowner = await signUp(api.t, 'homeowner');
    await jobAt(api.t, { ...cast, homeowner: homeowner.cookie }, 'accepted');
    const outsiderTeen = (await api.anotherTeen()).cookie;
    const outsiderHomeowner = (await signUp(api.t, 'homeowner')).cookie;
    const status = async (userId: string, cookie: string | undefined) => (await api.call('GET', `/api/reviews/user/${userId}`, cookie)).statusCode;
    expect([await status(teenId, teen), await status(teenId, homeowner.cookie), await status(teenId, cast.coordinator), await status(teenId, outsiderTeen), await status(teenId, outsiderHomeowner), await status(teenId, undefined)]).toEqual([200, 200, 200, 403, 403, 401]);
    const homeownerId = homeowner.user.id;
    expect([await status(homeownerId, homeowner.cookie), await status(homeownerId, teen), await status(homeownerId, outsiderTeen), await status(homeownerId, outsiderHomeowner)]).toEqual([200, 200, 403, 403]);
    const admin = (await signInAs(api.t, 'admin')).cookie;
    expect([await status(teenId, admin), await status('00000000-0000-4000-8000-000000000000', admin), await status('00000000-0000-4000-8000-000000000000', teen)]).toEqual([200, 404, 403]);
  });

  it("names reviewers by first name and last initial only, and carries no one's contact or place", async () => {
    const teen = await signInAs(api.t, 'teen', { consent: 'approved' });
    const cast = { ...api.cast, teen: teen.cookie };
    const job = await jobAt(api.t, cast, 'verified');
    await review(job.id, cast.homeowner);
    await review(job.id, teen.cookie, { rating: 5 });
    const body = (await api.call('GET', `/api/reviews/user/${api.ids.homeowner}`, cast.homeowner)).body;
    expect(body).not.toContain(teen.user.fullName);
    expect(body).not.toContain(teen.email);
    expect(body).not.toMatch(/dateOfBirth|zipCode|email|phone|location/);
    const mine = (await reviewsOf(api.ids.homeowner, cast.homeowner)).find((r) => r.jobId === job.id);
    expect(mine?.reviewerName).toBe(`${teen.user.fullName.split(' ')[0]} ${teen.user.fullName.split(' ').at(-1)![0]!.toUpperCase()}.`);
  });
});

/** PGlite runs one connection at a time and hides races: the rounds that matter run on PostgreSQL. */
describe.each(databaseKinds())('reviews under concurrency on %s', (kind) => {
  const api = useProgressApi(kind);
  const ROUNDS = kind === 'postgres' ? 5 : 1;

  it(`takes one of 10 simultaneous reviews by one side, and publishes both when the two sides write at once, ${ROUNDS} times over`, async () => {
    const { id: teenId, cookie: teen, cast } = await api.anotherTeen();
    for (let round = 0; round < ROUNDS; round++) {
      const job = await jobAt(api.t, cast, 'verified');
      const answers = await Promise.all(Array.from({ length: 10 }, () => api.call('POST', `/api/jobs/${job.id}/reviews`, cast.homeowner, { rating: 5 })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
      const both = await jobAt(api.t, cast, 'verified');
      const pair = await Promise.all([
        api.call('POST', `/api/jobs/${both.id}/reviews`, cast.homeowner, { rating: 5 }),
        api.call('POST', `/api/jobs/${both.id}/reviews`, teen, { rating: 5 }),
      ]);
      expect(pair.map((a) => a.statusCode)).toEqual([201, 201]);
      const rows = await api.t.database.db.select().from(reviews).where(eq(reviews.jobId, both.id));
      expect(rows.map((r) => r.publishedAt !== null)).toEqual([true, true]);
    }
    expect((await api.statsOf(teenId))?.reviewCount).toBe(ROUNDS);
  });
});
