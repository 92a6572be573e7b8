import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { jobCategoryEnum, jobs } from './jobs';
import { users } from './users';

// Progress and reputation (issue 16, decision 019). Every award is a row with a unique key written in
// the transaction of the event that caused it; the totals are kept beside them in that transaction.

/** XP awarded: one row per (user, source), e.g. 'job:<id>:paid', so a retried or raced event awards once. */
export const xpAwards = pgTable(
  'xp_awards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What caused it, unique per user: 'job:<id>:paid', 'challenge:<id>:completed'. */
    source: text('source').notNull(),
    /** The XP rule's event: paid_job, review_received, challenge_completed. */
    event: text('event').notNull(),
    points: integer('points').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('xp_awards_user_source').on(t.userId, t.source),
    // A teen's XP since a day (this season's, for the leaderboard).
    index('xp_awards_user_created').on(t.userId, t.createdAt),
    check('xp_awards_points', sql`${t.points} >= 0`),
  ],
);

/**
 * A teen's running totals, changed only in the transaction of the award that changes them. One row per
 * teen: concurrent awards to the same teen queue on it, so each sees the totals of the ones before.
 */
export const userStats = pgTable(
  'user_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    experiencePoints: integer('experience_points').notNull().default(0),
    paidJobs: integer('paid_jobs').notNull().default(0),
    earningsCents: integer('earnings_cents').notNull().default(0),
    earlyStarts: integer('early_starts').notNull().default(0),
    challengesCompleted: integer('challenges_completed').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    fiveStarReviews: integer('five_star_reviews').notNull().default(0),
    /** The Sunday of the last week with a paid job (service time zone), and the streaks up to it. */
    lastPaidWeek: date('last_paid_week'),
    currentStreak: integer('current_streak').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
    achievementPoints: integer('achievement_points').notNull().default(0),
    /** Privacy (issue 16): the teen is listed on their area's leaderboard only after choosing it; off by default. */
    leaderboardOptIn: boolean('leaderboard_opt_in').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The leaderboard reads the opted-in teens only.
  (t) => [index('user_stats_leaderboard').on(t.userId).where(sql`${t.leaderboardOptIn}`)],
);

/** Achievements earned: the catalogue's id (domain/progress/achievements.ts), once per user. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    /** The points as they were when earned, so a later change to the catalogue does not rewrite history. */
    points: integer('points').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_achievements_user_achievement').on(t.userId, t.achievementId)],
);

/** Spec 3's seasonal challenge. `seedKey` names the one Yardly seeds for each season, so seeding is idempotent. */
export const seasonalChallenges = pgTable(
  'seasonal_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    season: text('season').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    maxParticipants: integer('max_participants'),
    /** Joined teens, counted by the join's conditional UPDATE so maxParticipants holds under concurrency. */
    participantCount: integer('participant_count').notNull().default(0),
    jobsCount: integer('jobs_count').notNull(),
    categories: jobCategoryEnum('categories').array().notNull(),
    rewardPoints: integer('reward_points').notNull(),
    rewardTitle: text('reward_title').notNull(),
    seedKey: text('seed_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seasonal_challenges_seed_key').on(t.seedKey),
    check('seasonal_challenges_season', sql`${t.season} in ('spring', 'summer', 'fall', 'winter')`),
    check('seasonal_challenges_dates', sql`${t.startDate} <= ${t.endDate}`),
    check('seasonal_challenges_jobs_count', sql`${t.jobsCount} >= 1`),
    check('seasonal_challenges_reward_points', sql`${t.rewardPoints} >= 0`),
    check('seasonal_challenges_full', sql`${t.maxParticipants} is null or ${t.participantCount} <= ${t.maxParticipants}`),
  ],
);

/** A teen in a challenge: paid jobs in its categories between joining and its end date count. */
export const challengeParticipants = pgTable(
  'challenge_participants',
  {
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => seasonalChallenges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    jobsCompleted: integer('jobs_completed').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.userId] }), index('challenge_participants_user').on(t.userId)],
);

/**
 * A review of one side of a job by the other, once per side (issue 16). Double-blind: `publishedAt`
 * stays null until the other side has written theirs or 7 days have passed; only then does the
 * person reviewed see it, and only then does it count towards their rating and XP.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** 'homeowner' (about the teen) or 'teen' (about the homeowner). */
    reviewerRole: text('reviewer_role').notNull(),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_job_side').on(t.jobId, t.reviewerRole),
    index('reviews_reviewee_published').on(t.revieweeId, t.publishedAt),
    // The sweeper publishes blind reviews whose 7 days are up.
    index('reviews_unpublished').on(t.createdAt).where(sql`${t.publishedAt} is null`),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_length', sql`char_length(${t.comment}) <= 500`),
    check('reviews_reviewer_role', sql`${t.reviewerRole} in ('homeowner', 'teen')`),
  ],
);
