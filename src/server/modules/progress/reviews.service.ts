// Reviews (issue 16): once a job is verified, its homeowner rates the teen and the teen the
// homeowner, once each. Double-blind: a review is published (visible to the person reviewed, and
// counted) when the other side has written theirs, or by the sweeper once 7 days have passed.
import { and, desc, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { REVIEW_BLIND_DAYS, type CreateReviewRequestSchema, type JobReviews, type Review } from '../../../contract/progress';
import { canReadReviewsOf, firstNameAndInitial, jobVisibilityAt } from '../../../domain/access';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { jobs, reviews, users } from '../../db/schema';
import { AppError, firstRow, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { findJobRow } from '../jobs/job-reads';
import { loadViewer } from '../jobs/job-viewer';
import { notify } from '../notifications/notifications.service';
import { awardReviewReceived } from './progress-awards';

type ReviewRow = typeof reviews.$inferSelect;
const DAY_MS = 24 * 3600_000;
/** Reviewable from verification on; a job in dispute waits for its outcome. */
const REVIEWABLE = ['verified', 'paid'];

function toReviewDto(row: ReviewRow, reviewerFullName: string): Review {
  return {
    id: row.id,
    jobId: row.jobId,
    rating: row.rating,
    comment: row.comment,
    reviewerRole: row.reviewerRole as Review['reviewerRole'],
    reviewerName: firstNameAndInitial(reviewerFullName),
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** Makes a blind review visible once: tells the person reviewed and, for a teen, counts it towards their progress. */
async function publishReview(tx: Executor, ctx: AppContext, reviewId: string, at: Date): Promise<void> {
  const [review] = await tx
    .update(reviews)
    .set({ publishedAt: at })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.publishedAt)))
    .returning();
  if (!review) return;
  const about = review.reviewerRole === 'homeowner' ? 'the job' : 'your job';
  await notify(tx, ctx, {
    userId: review.revieweeId,
    kind: 'review_received',
    title: 'New review',
    body: `You received a ${review.rating}-star review for ${about}.`,
    jobId: review.jobId,
    dedupeKey: `review:${review.id}`,
  });
  if (review.reviewerRole === 'homeowner') await awardReviewReceived(tx, ctx, { id: review.id, teenId: review.revieweeId, jobId: review.jobId, rating: review.rating }, at);
}

type JobRow = NonNullable<Awaited<ReturnType<typeof findJobRow>>>;

const isReviewable = (job: JobRow) => REVIEWABLE.includes(job.status) && job.verifiedAt !== null && job.teenId !== null;

/** The caller's side of the job (its homeowner or its teen); a job they cannot see is not found, anyone else is refused. */
async function requireReviewSide(tx: Executor, user: SessionUser, jobId: string | null, now: Date): Promise<{ job: JobRow; side: 'homeowner' | 'teen' }> {
  const job = jobId ? await findJobRow(tx, jobId) : null;
  if (!job) throw notFound('Job not found');
  const side = user.role === 'homeowner' && job.homeownerId === user.id ? 'homeowner' : user.role === 'teen' && job.teenId === user.id ? 'teen' : null;
  if (side) return { job, side };
  if (jobVisibilityAt(await loadViewer(tx, user), job, now) === 'none') throw notFound('Job not found');
  throw forbidden("Only the job's homeowner and teen can review it.");
}

/** GET /api/jobs/{id}/reviews: the caller's review of the job, the other side's once published, and whether they can write theirs. */
export async function readJobReviews(ctx: AppContext, user: SessionUser, jobId: string): Promise<JobReviews> {
  const { job, side } = await requireReviewSide(ctx.db, user, jobId, ctx.clock.now());
  const rows = await ctx.db
    .select({ review: reviews, reviewerFullName: users.fullName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.jobId, jobId));
  const mine = rows.find((r) => r.review.reviewerRole === side);
  const theirs = rows.find((r) => r.review.reviewerRole !== side);
  return {
    canReview: isReviewable(job) && !mine && !theirs?.review.publishedAt,
    mine: mine ? toReviewDto(mine.review, mine.reviewerFullName) : null,
    theirs: theirs?.review.publishedAt ? toReviewDto(theirs.review, theirs.reviewerFullName) : null,
    otherSideWrote: theirs !== undefined,
  };
}

/** POST /api/jobs/{id}/reviews: the job's homeowner or teen reviews the other side, once, after verification. */
export async function createReview(ctx: AppContext, user: SessionUser, jobId: string, input: z.output<typeof CreateReviewRequestSchema>): Promise<Review> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // The job's row, locked: both sides' reviews of a job queue here, so the second always finds the
    // first and publishes both (under READ COMMITTED two at once could otherwise each miss the other).
    const locked = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
    const { job, side } = await requireReviewSide(tx, user, locked.length ? jobId : null, now);
    const teenId = job.teenId;
    if (!isReviewable(job) || teenId === null) throw new AppError('CONFLICT', 'You can review this job once it is verified.');
    const [other] = await tx.select().from(reviews).where(and(eq(reviews.jobId, jobId), ne(reviews.reviewerRole, side)));
    // The other side's review went public after its 7 days: writing now could answer it, which is what double-blind prevents.
    if (other?.publishedAt) throw new AppError('CONFLICT', 'The time to review this job has ended.');
    const inserted = await tx
      .insert(reviews)
      .values({ jobId, reviewerRole: side, reviewerId: user.id, revieweeId: side === 'homeowner' ? teenId : job.homeownerId, rating: input.rating, comment: input.comment, createdAt: now })
      .onConflictDoNothing({ target: [reviews.jobId, reviews.reviewerRole] })
      .returning();
    const mine = inserted[0];
    if (!mine) throw new AppError('CONFLICT', 'You have already reviewed this job.');
    if (other) {
      await publishReview(tx, ctx, other.id, now);
      await publishReview(tx, ctx, mine.id, now);
    }
    return toReviewDto(firstRow(await tx.select().from(reviews).where(eq(reviews.id, mine.id)), `review ${mine.id}`), user.fullName);
  });
}

/** The sweeper's half of double-blind: publishes every review whose 7 days are up. Returns how many. */
export async function publishDueReviews(ctx: AppContext, batch = 200): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(isNull(reviews.publishedAt), lte(reviews.createdAt, new Date(now.getTime() - REVIEW_BLIND_DAYS * DAY_MS))))
    .orderBy(reviews.createdAt)
    .limit(batch);
  for (const review of due) await ctx.db.transaction((tx) => publishReview(tx, ctx, review.id, now));
  return due.length;
}

const REVIEW_READERS = "You can only see the reviews of people you've worked with.";

/** GET /api/reviews/user/{userId}: the reviews the person received that are visible now, newest first. */
export async function listReviewsOf(ctx: AppContext, user: SessionUser, userId: string): Promise<Review[]> {
  const [person] = await ctx.db.select({ id: users.id, role: users.role, zipCode: users.zipCode }).from(users).where(eq(users.id, userId));
  if (!person) throw user.role === 'admin' ? notFound('User not found') : forbidden(REVIEW_READERS);
  const viewer = await loadViewer(ctx.db, user);
  const together = await ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNotNull(jobs.acceptedAt),
        or(and(eq(jobs.homeownerId, user.id), eq(jobs.teenId, person.id)), and(eq(jobs.teenId, user.id), eq(jobs.homeownerId, person.id))),
      ),
    )
    .limit(1);
  if (!canReadReviewsOf(viewer, person, together.length > 0)) throw forbidden(REVIEW_READERS);
  const rows = await ctx.db
    .select({ review: reviews, reviewerFullName: users.fullName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(and(eq(reviews.revieweeId, userId), isNotNull(reviews.publishedAt)))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(50);
  return rows.map((r) => toReviewDto(r.review, r.reviewerFullName));
}
