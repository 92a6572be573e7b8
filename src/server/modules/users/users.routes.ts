import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserSchema } from '../../../contract/auth';
import { ErrorBodySchema } from '../../../contract/errors';
import { UpdateUserRequestSchema, UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireChangeableUser } from '../../plugins/auth';
import { toUserDto } from '../auth/auth.service';
import { setAvailability } from './users.service';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch('/api/users/:id', {
      config: { auth: ['teen', 'admin'] },
      schema: {
        tags: ['users'],
        summary: "Set a teen's availability (the teen themself, or an admin)",
        params: UserIdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
      handler: async (request) => {
        requireChangeableUser(request, request.params.id);
        return toUserDto(await setAvailability(ctx, request.params.id, request.body.isAvailable));
      },
    });
  };
}
