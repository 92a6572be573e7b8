import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { AchievementListSchema, UserStatsSchema } from '../../../contract/progress';
import { UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
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
  };
}
