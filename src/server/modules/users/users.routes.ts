import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { UpdatedUserSchema, UpdateUserRequestSchema, UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireChangeableUser, requireUser } from '../../plugins/auth';
import { setAvailability, setCoordinatorBase, toUpdatedUserDto, updateProfile } from './users.service';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch('/api/users/:id', {
      config: { auth: ['teen', 'homeowner', 'coordinator', 'admin'] },
      schema: {
        tags: ['users'],
        summary:
          "Set a teen's availability ({isAvailable}: the teen themself, or an admin), a coordinator's base ({baseLatitude, baseLongitude}, where their routes start and end; null and null for their first ZIP code's centre: the coordinator themself), or one's own profile ({fullName, zipCode}, either or both, by sign-up's rules: the person themself; a ZIP code only for teens and homeowners, and only an active service area's). Answers the user as they now stand",
        params: UserIdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: UpdatedUserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
      handler: async (request) => {
        const body = request.body;
        if ('isAvailable' in body) {
          requireChangeableUser(request, request.params.id);
          return toUpdatedUserDto(await setAvailability(ctx, request.params.id, body.isAvailable));
        }
        if ('baseLatitude' in body) return toUpdatedUserDto(await setCoordinatorBase(ctx, requireUser(request), request.params.id, body));
        return toUpdatedUserDto(await updateProfile(ctx, requireUser(request), request.params.id, body));
      },
    });
  };
}
