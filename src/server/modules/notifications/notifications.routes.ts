import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import {
  ListNotificationsQuerySchema,
  MarkAllReadResponseSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationSchema,
  NotificationUserParamsSchema,
} from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notifications/:userId', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "The user's notifications, newest first, with the unread count (the user themself, or an admin)",
        params: NotificationUserParamsSchema,
        querystring: ListNotificationsQuerySchema,
        response: { 200: NotificationListSchema, ...errors },
      },
      handler: (request) => listNotifications(ctx, requireUser(request), request.params.userId, request.query),
    });

    app.post('/api/notifications/:id/read', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "Mark one of the caller's notifications read",
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema, ...errors },
      },
      handler: (request) => markNotificationRead(ctx, requireUser(request), request.params.id),
    });

    app.post('/api/notifications/:userId/read-all', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "Mark all of the caller's notifications read",
        params: NotificationUserParamsSchema,
        response: { 200: MarkAllReadResponseSchema, ...errors },
      },
      handler: async (request) => ({ updated: await markAllNotificationsRead(ctx, requireUser(request), request.params.userId) }),
    });
  };
}
