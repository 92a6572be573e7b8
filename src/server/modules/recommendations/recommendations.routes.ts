import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { JobRecommendationsQuerySchema, JobRecommendationsSchema, UserPreferencesSchema } from '../../../contract/preferences';
import { UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import { readPreferences, savePreferences } from './preferences.service';
import { recommendJobs } from './recommendations.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** A teen's matching preferences and the jobs recommended from them (issue 15): the teen's own, and admins'. */
export function recommendationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/:id/preferences', {
      config: { auth: ['teen', 'admin'] },
      schema: {
        tags: ['recommendations'],
        summary: "A teen's matching preferences, all 14 fields; spec 5's defaults when never saved (the teen, admins)",
        params: UserIdParamsSchema,
        response: { 200: UserPreferencesSchema, ...errors },
      },
      handler: (request) => readPreferences(ctx, requireUser(request), request.params.id),
    });

    for (const method of ['post', 'put'] as const) {
      app[method]('/api/users/:id/preferences', {
        config: { auth: ['teen', 'admin'] },
        schema: {
          tags: ['recommendations'],
          summary: `Save a teen's matching preferences, the whole object (${method === 'post' ? 'as spec 7 sends it' : 'the same as POST'}); answers the saved object (the teen, admins)`,
          params: UserIdParamsSchema,
          body: UserPreferencesSchema,
          response: { 200: UserPreferencesSchema, ...errors },
        },
        handler: (request) => savePreferences(ctx, requireUser(request), request.params.id, request.body),
      });
    }

    app.get('/api/teens/:id/job-recommendations', {
      config: { auth: ['teen', 'admin'] },
      schema: {
        tags: ['recommendations'],
        summary:
          'Jobs the teen could lock now that match their preferences, by match score then distance, each with its reasons; the preference that keeps out the most open jobs when none matches (the teen, admins)',
        params: UserIdParamsSchema,
        querystring: JobRecommendationsQuerySchema,
        response: { 200: JobRecommendationsSchema, ...errors },
      },
      // Every teen's dashboard asks for it: see fast-serializer.ts (the API tests parse its answers with the schema).
      serializerCompiler: fastSerializerCompiler,
      handler: (request) => recommendJobs(ctx, requireUser(request), request.params.id, request.query.limit),
    });
  };
}
