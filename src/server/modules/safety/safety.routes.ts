import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { JobIdParamsSchema } from '../../../contract/jobs';
import { EligibilitySchema, SafetyRulesSchema, WorkHoursSchema } from '../../../contract/safety';
import { UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { jobEligibility, listSafetyRules, readWorkHours } from './safety.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** The safety rules by age (issue 21): the table, a teen's eligibility for a job and their work hours. */
export function safetyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/safety-rules', {
      config: { auth: 'public' },
      schema: {
        tags: ['safety'],
        summary: "Every safety rule by age for the service's state: federal, state and Yardly's own, each with its citation",
        response: { 200: SafetyRulesSchema },
      },
      handler: () => listSafetyRules(ctx.config),
    });

    app.get('/api/jobs/:id/eligibility', {
      config: { auth: ['teen'] },
      schema: {
        tags: ['safety'],
        summary:
          "Whether the signed-in teen may take this job today under the safety rules by age: what it needs, and today's and this week's hours with its estimated duration (its lock checks the first, its accept both; the time of day is checked when work starts)",
        params: JobIdParamsSchema,
        response: { 200: EligibilitySchema, ...errors },
      },
      handler: (request) => jobEligibility(ctx, requireUser(request), request.params.id),
    });

    app.get('/api/teens/:id/work-hours', {
      config: { auth: ['teen', 'coordinator', 'admin'] },
      schema: {
        tags: ['safety'],
        summary: "A teen's hours today and this week, the tightest limit on each and its rule (the teen, their area's coordinator, admins)",
        params: UserIdParamsSchema,
        response: { 200: WorkHoursSchema, ...errors },
      },
      handler: (request) => readWorkHours(ctx, requireUser(request), request.params.id),
    });
  };
}
