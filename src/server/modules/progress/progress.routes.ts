import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { AchievementListSchema, AdminChallengeListSchema, AdminChallengeSchema, ChallengeIdParamsSchema, CreateChallengeRequestSchema, CreateReviewRequestSchema, JobReviewsSchema, LeaderboardSchema, ProgressPrivacySchema, ReviewListSchema, ReviewSchema, UpdateProgressPrivacyRequestSchema, ChallengeProgressListSchema, SeasonalChallengeListSchema, SeasonalChallengeSchema, UpdateChallengeRequestSchema, UserStatsSchema } from '../../../contract/progress';
import { UserIdParamsSchema } from '../../../contract/users';
import { JobIdParamsSchema } from '../../../contract/jobs';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { createChallenge, joinChallenge, listAdminChallenges, listChallengeProgress, listChallenges, updateChallenge } from './challenges.service';
import { readLeaderboard, readProgressPrivacy, updateProgressPrivacy } from './leaderboard.service';
import { listAchievements, readUserStats } from './progress.service';
import { createReview, listReviewsOf, readJobReviews } from './reviews.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const READERS = "(the teen, their area's coordinator, admins, and homeowners the teen has taken a job for)";

/** Progress and reputation (issue 16): a teen's stats and achievements, seasonal challenges, reviews. */
export function progressRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/user-stats/:id', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['progress'],
        summary: `A teen's level, XP, paid jobs, earnings, rating, streaks and achievement points ${READERS}`,
        params: UserIdParamsSchema,
        response: { 200: UserStatsSchema, ...errors },
      },
      handler: (request) => readUserStats(ctx, requireUser(request), request.params.id),
    });

    app.get('/api/achievements/:id', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['progress'],
        summary: `The achievements a teen has earned, newest first ${READERS}`,
        params: UserIdParamsSchema,
        response: { 200: AchievementListSchema, ...errors },
      },
      handler: (request) => listAchievements(ctx, requireUser(request), request.params.id),
    });

    app.get('/api/seasonal-challenges', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['progress'],
        summary: 'The seasonal challenges that have started, latest end first: requirements, rewards, how many joined and whether the caller did',
        response: { 200: SeasonalChallengeListSchema, 401: ErrorBodySchema },
      },
      handler: (request) => listChallenges(ctx, requireUser(request)),
    });

    app.post('/api/seasonal-challenges', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['progress'],
        summary:
          'An admin adds a seasonal challenge, from its start date (today in the service time zone when none is given) to its end date: requirements {jobsCount, categories} and rewards {points, title}; recorded in the audit log',
        body: CreateChallengeRequestSchema,
        response: { 201: SeasonalChallengeSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
      handler: async (request, reply) => reply.code(201).send(await createChallenge(ctx, requireUser(request), request.body)),
    });

    // The admins' reading and editing of challenges live here with the rest of challenges (decision
    // 019): the edit on the resource the create makes, the list among the console's lists under /api/admin.
    app.get('/api/admin/seasonal-challenges', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Every seasonal challenge (upcoming, active, paused and ended), latest end first, with its start date, state, participants and completions (admins)',
        response: { 200: AdminChallengeListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
      handler: () => listAdminChallenges(ctx),
    });

    app.patch('/api/seasonal-challenges/:id', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['progress'],
        summary:
          "An admin changes any of a challenge's fields (isActive false pauses it), recorded with each change's from and to in the audit log. maxParticipants cannot go below the teens who joined; teens who completed it keep their award (admins)",
        params: ChallengeIdParamsSchema,
        body: UpdateChallengeRequestSchema,
        response: { 200: AdminChallengeSchema, ...errors },
      },
      handler: (request) => updateChallenge(ctx, requireUser(request), request.params.id, request.body),
    });

    app.post('/api/seasonal-challenges/:id/join', {
      config: { auth: ['teen'] },
      schema: {
        tags: ['progress'],
        summary: 'The signed-in teen joins an active challenge (409 when it has ended, is full or was joined already)',
        params: ChallengeIdParamsSchema,
        response: { 200: SeasonalChallengeSchema, ...errors, 409: ErrorBodySchema },
      },
      handler: (request) => joinChallenge(ctx, requireUser(request), request.params.id),
    });

    app.get('/api/challenge-progress/:id', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['progress'],
        summary: `The challenges a teen joined, each with the paid jobs in its categories since joining and whether it is completed ${READERS}`,
        params: UserIdParamsSchema,
        response: { 200: ChallengeProgressListSchema, ...errors },
      },
      handler: (request) => listChallengeProgress(ctx, requireUser(request), request.params.id),
    });

    app.post('/api/jobs/:id/reviews', {
      config: { auth: ['homeowner', 'teen'] },
      schema: {
        tags: ['progress'],
        summary:
          "The job's homeowner rates its teen, or its teen the homeowner, once each after verification (1-5, a plain-text comment of at most 500 characters). Double-blind: the other side sees it once they have written theirs or 7 days have passed",
        params: JobIdParamsSchema,
        body: CreateReviewRequestSchema,
        response: { 201: ReviewSchema, ...errors, 409: ErrorBodySchema },
      },
      handler: async (request, reply) => reply.code(201).send(await createReview(ctx, requireUser(request), request.params.id, request.body)),
    });

    app.get('/api/jobs/:id/reviews', {
      config: { auth: ['homeowner', 'teen'] },
      schema: {
        tags: ['progress'],
        summary: "The job's reviews as its homeowner or teen may see them: their own, the other side's once published, whether the other side wrote theirs, and whether they can write theirs now",
        params: JobIdParamsSchema,
        response: { 200: JobReviewsSchema, ...errors },
      },
      handler: (request) => readJobReviews(ctx, requireUser(request), request.params.id),
    });

    app.get('/api/reviews/user/:id', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['progress'],
        summary:
          "The reviews a person received that are visible now, newest first, each reviewer named by first name and last initial (a teen's: the readers of their progress; a homeowner's: themselves, admins, their area's coordinator and teens who took a job of theirs)",
        params: UserIdParamsSchema,
        response: { 200: ReviewListSchema, ...errors },
      },
      handler: (request) => listReviewsOf(ctx, requireUser(request), request.params.id),
    });

    app.get('/api/leaderboard', {
      config: { auth: ['teen'] },
      schema: {
        tags: ['progress'],
        summary:
          "The signed-in teen's area (ZIP code) by this season's XP: first name and last initial, level and season XP of the teens who chose to appear, shown only to a teen who chose to appear (otherwise optedIn false and no entries)",
        response: { 200: LeaderboardSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
      handler: (request) => readLeaderboard(ctx, requireUser(request)),
    });

    app.get('/api/users/:id/privacy', {
      config: { auth: ['teen', 'admin'] },
      schema: {
        tags: ['progress'],
        summary: "A teen's privacy choices about their progress: whether they appear on their area's leaderboard (the teen, admins)",
        params: UserIdParamsSchema,
        response: { 200: ProgressPrivacySchema, ...errors },
      },
      handler: (request) => readProgressPrivacy(ctx, requireUser(request), request.params.id),
    });

    app.patch('/api/users/:id/privacy', {
      config: { auth: ['teen'] },
      schema: {
        tags: ['progress'],
        summary: 'The signed-in teen chooses whether to appear on their area leaderboard (off until they do)',
        params: UserIdParamsSchema,
        body: UpdateProgressPrivacyRequestSchema,
        response: { 200: ProgressPrivacySchema, ...errors },
      },
      handler: (request) => updateProgressPrivacy(ctx, requireUser(request), request.params.id, request.body),
    });
  };
}
