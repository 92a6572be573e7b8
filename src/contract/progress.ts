import { z } from 'zod';
import { JOB_CATEGORIES } from './job-constants';
import { isLocalDate } from './dates';
import { MoneySchema } from './jobs';

// Progress and reputation (issue 16; spec 3 Achievement, Seasonal challenge, Challenge progress,
// User stats). Every figure here comes from real events: jobs verified and paid, reviews written.

/** Spec 3: the kinds of achievement. */
export const ACHIEVEMENT_TYPES = ['level_up', 'milestone', 'special', 'jobs_completed', 'seasonal', 'streak', 'rating'] as const;
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

/** Spec 3: how rare an achievement is. */
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export const SEASONS = ['spring', 'summer', 'fall', 'winter'] as const;
export type Season = (typeof SEASONS)[number];

export const BADGE_IDS = ['five_star_club', 'early_riser', 'top_earner', 'reliable'] as const;

/** Spec 9's profile badges, each with whether the teen has earned it (from real figures). */
export const BadgeSchema = z.object({ id: z.enum(BADGE_IDS), title: z.string(), description: z.string(), earned: z.boolean() });
export type Badge = z.infer<typeof BadgeSchema>;

/** GET /api/user-stats/{userId}: a teen's totals, from their paid jobs and the reviews they received. */
export const UserStatsSchema = z.object({
  userId: z.uuid(),
  /** 1-11, from experiencePoints and the spec's thresholds (spec 9). */
  level: z.int().min(1),
  experiencePoints: z.int().min(0),
  /** XP where the current level starts, and where the next starts (null at the top level): the stats card's progress bar. */
  levelStartsAt: z.int().min(0),
  nextLevelAt: z.int().min(0).nullable(),
  /** Paid jobs. */
  totalJobs: z.int().min(0),
  /** What the teen was paid, after the platform's fee. */
  totalEarnings: MoneySchema,
  /** Null while the teen has no reviews (never an invented figure). */
  averageRating: z.number().min(1).max(5).nullable(),
  reviewCount: z.int().min(0),
  /** Weeks in a row, up to this one or the last, with at least one paid job (service time zone). */
  currentStreak: z.int().min(0),
  longestStreak: z.int().min(0),
  achievementPoints: z.int().min(0),
  /** Spec 4: from paid jobs, 0-4 Rookie, 5-19 Worker, 20-49 Grinder, 50+ Pro. */
  levelTitle: z.enum(['Rookie', 'Worker', 'Grinder', 'Pro']),
  /** Spec 9: 5-Star Club, Early Riser, Top Earner, Reliable. */
  badges: z.array(BadgeSchema),
});
export type UserStats = z.infer<typeof UserStatsSchema>;

export const AchievementSchema = z.object({
  /** The catalogue's key, e.g. 'first_paid_job'. */
  id: z.string(),
  type: z.enum(ACHIEVEMENT_TYPES),
  title: z.string(),
  description: z.string(),
  rarity: z.enum(RARITIES),
  points: z.int().min(0),
  earnedAt: z.string(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

/** GET /api/achievements/{userId}: newest first. */
export const AchievementListSchema = z.array(AchievementSchema);

export const ChallengeRequirementsSchema = z.object({
  jobsCount: z.int().min(1),
  categories: z.array(z.enum(JOB_CATEGORIES)).min(1),
});
export const ChallengeRewardsSchema = z.object({ points: z.int().min(0), title: z.string() });

export const SeasonalChallengeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  season: z.enum(SEASONS),
  /** The last day it counts, in the service's time zone. */
  endDate: z.string(),
  /** Spec 4: active means isActive and the end date has not passed. */
  isActive: z.boolean(),
  maxParticipants: z.int().min(1).nullable(),
  requirements: ChallengeRequirementsSchema,
  rewards: ChallengeRewardsSchema,
  participants: z.int().min(0),
  /** Whether the signed-in caller has joined it. */
  joined: z.boolean(),
});
export type SeasonalChallenge = z.infer<typeof SeasonalChallengeSchema>;
export const SeasonalChallengeListSchema = z.array(SeasonalChallengeSchema);

export const ChallengeProgressSchema = z.object({
  challengeId: z.uuid(),
  isCompleted: z.boolean(),
  progress: z.object({ jobsCompleted: z.int().min(0) }),
  joinedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ChallengeProgress = z.infer<typeof ChallengeProgressSchema>;
export const ChallengeProgressListSchema = z.array(ChallengeProgressSchema);

export const ChallengeIdParamsSchema = z.object({ id: z.uuid('Unknown challenge') });

/** Reviews (issue 16): after verification each side of a job rates the other once, double-blind. */
export const REVIEW_COMMENT_MAX = 500;
/** A review stays hidden until the other side has written theirs, or this many days have passed. */
export const REVIEW_BLIND_DAYS = 7;
export const REVIEWER_ROLES = ['homeowner', 'teen'] as const;

export const CreateReviewRequestSchema = z.strictObject({
  rating: z.int('Choose a rating from 1 to 5').min(1, 'Choose a rating from 1 to 5').max(5, 'Choose a rating from 1 to 5'),
  /** Plain text, shown as written (never as markup); blank is no comment. */
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `Keep the comment to ${REVIEW_COMMENT_MAX} characters`)
    .nullish()
    .transform((c) => (c ? c : null)),
});
export type CreateReviewRequest = z.input<typeof CreateReviewRequestSchema>;

export const ReviewSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  rating: z.int().min(1).max(5),
  comment: z.string().nullable(),
  /** Who wrote it: the job's homeowner (about the teen) or its teen (about the homeowner). */
  reviewerRole: z.enum(REVIEWER_ROLES),
  /** 'Maya L.': a first name and last initial, never a full name. */
  reviewerName: z.string(),
  createdAt: z.string(),
  /** When the other side can read it: null while it is still blind. */
  publishedAt: z.string().nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.array(ReviewSchema);

/** A teen's privacy choices about their progress (issue 16): the leaderboard is off until they turn it on. */
export const ProgressPrivacySchema = z.object({ leaderboardOptIn: z.boolean() });
export type ProgressPrivacy = z.infer<typeof ProgressPrivacySchema>;
export const UpdateProgressPrivacyRequestSchema = z.strictObject({ leaderboardOptIn: z.boolean('Choose whether to appear on the leaderboard') });

export const LeaderboardEntrySchema = z.object({
  rank: z.int().min(1),
  /** 'Maya L.': first name and last initial only. */
  name: z.string(),
  level: z.int().min(1),
  seasonExperiencePoints: z.int().min(0),
  isYou: z.boolean(),
});

/**
 * GET /api/leaderboard: the caller's area (their ZIP code) this season. Only a teen who opted in sees
 * it, and only teens who opted in are on it; others get `optedIn: false` and no entries.
 */
export const LeaderboardSchema = z.object({
  optedIn: z.boolean(),
  season: z.enum(SEASONS),
  seasonStartDate: z.string(),
  seasonEndDate: z.string(),
  entries: z.array(LeaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** A challenge's day, 'YYYY-MM-DD' in the service's time zone. */
const challengeDay = (field: 'startDate' | 'endDate', required: string) => z.string(required).refine(isLocalDate, `${field} must be a date as YYYY-MM-DD`);

/** What an admin writes of a challenge (spec 3), each field with its own refusal. */
const ChallengeFieldsSchema = z.strictObject({
  title: z.string('A title is required').trim().min(3, 'A title needs at least 3 characters').max(80, 'Keep the title to 80 characters'),
  description: z.string('A description is required').trim().min(1, 'A description is required').max(300, 'Keep the description to 300 characters'),
  season: z.enum(SEASONS, `season must be one of ${SEASONS.join(', ')}`),
  /** The first day teens can join; the spec has no start date, so a new challenge starts today unless one is given. */
  startDate: challengeDay('startDate', 'A start date is required'),
  /** The last day it counts, included; today or later when set (checked by the server). */
  endDate: challengeDay('endDate', 'An end date is required'),
  /** Null: no limit. */
  maxParticipants: z.int('maxParticipants must be a whole number').min(1, 'maxParticipants must be at least 1').max(100_000, 'maxParticipants can be at most 100000').nullable(),
  requirements: z.strictObject({
    jobsCount: z.int('jobsCount must be a whole number').min(1, 'jobsCount must be at least 1').max(100, 'jobsCount can be at most 100'),
    categories: z
      .array(z.enum(JOB_CATEGORIES, `categories must be among ${JOB_CATEGORIES.join(', ')}`), 'Choose at least one category')
      .min(1, 'Choose at least one category')
      .transform((c) => [...new Set(c)]),
  }),
  rewards: z.strictObject({
    points: z.int('points must be a whole number').min(0, 'points cannot be negative').max(5000, 'points can be at most 5000'),
    title: z.string('A reward title is required').trim().min(1, 'A reward title is required').max(40, 'Keep the reward title to 40 characters'),
  }),
});

/** A challenge ends on or after the day it starts (the database's check too); named on endDate. */
const endsAfterItStarts = (c: { startDate?: string | undefined; endDate?: string | undefined }) => !c.startDate || !c.endDate || c.endDate >= c.startDate;
export const END_BEFORE_START = 'The end date must be on or after the start date';
const onEndDate = { message: END_BEFORE_START, path: ['endDate'] };

/** POST /api/seasonal-challenges (admins): a challenge from its start date (today when none is given) to its end date. */
export const CreateChallengeRequestSchema = ChallengeFieldsSchema.extend({ startDate: ChallengeFieldsSchema.shape.startDate.optional() }).refine(endsAfterItStarts, onEndDate);
export type CreateChallengeRequest = z.input<typeof CreateChallengeRequestSchema>;

/**
 * PATCH /api/seasonal-challenges/{id} (admins): any of the fields, and isActive (off pauses it: no
 * joins, no counting). The server also checks the result against what it stores: the dates in order,
 * maxParticipants not below the teens who joined.
 */
export const UpdateChallengeRequestSchema = ChallengeFieldsSchema.partial()
  .extend({ isActive: z.boolean('isActive must be true or false').optional() })
  .refine(endsAfterItStarts, onEndDate);
export type UpdateChallengeRequest = z.input<typeof UpdateChallengeRequestSchema>;

/** Spec 4's active, before its start date (upcoming), past its end date (ended), or switched off by an admin (paused). */
export const CHALLENGE_STATES = ['upcoming', 'active', 'ended', 'paused'] as const;
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

/** A challenge as the admins' console lists it: every field, its state and how many joined and completed it. */
export const AdminChallengeSchema = SeasonalChallengeSchema.omit({ joined: true }).extend({
  startDate: z.string(),
  state: z.enum(CHALLENGE_STATES),
  /** Teens who completed it; their awards stay theirs whatever is edited later. */
  completions: z.int().min(0),
  createdAt: z.string(),
});
export type AdminChallenge = z.infer<typeof AdminChallengeSchema>;
export const AdminChallengeListSchema = z.object({ challenges: z.array(AdminChallengeSchema) });
export type AdminChallengeList = z.infer<typeof AdminChallengeListSchema>;

/**
 * GET /api/jobs/{id}/reviews: the two sides' reviews of a job as the caller (its homeowner or teen)
 * may see them: their own, and the other side's once published (double-blind).
 */
export const JobReviewsSchema = z.object({
  /** Whether the caller can write their review now: the job is verified, they have not, and the time has not run out. */
  canReview: z.boolean(),
  mine: ReviewSchema.nullable(),
  /** The other side's review, once it is published; null while blind or not written. */
  theirs: ReviewSchema.nullable(),
  /** Whether the other side has written theirs (its words and rating stay hidden until published). */
  otherSideWrote: z.boolean(),
});
export type JobReviews = z.infer<typeof JobReviewsSchema>;
