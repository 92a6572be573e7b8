import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { AchievementListSchema, ChallengeIdParamsSchema, ChallengeProgressListSchema, SeasonalChallengeListSchema, SeasonalChallengeSchema, UserStatsSchema } from '../../../contract/progress';
import { UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { joinChallenge, listChallengeProgress, listChallenges } from './challenges.service';
import { listAchievements, readUserStats } from './progress.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const READERS = "(the teen, their area's coordinator, admins, and homeowners the teen has taken a job for)";

/** Progress and reputation (issue 16): a teen's stats and achievements, seasonal challenges. */
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
  };
}
