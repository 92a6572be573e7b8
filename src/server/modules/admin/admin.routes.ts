import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditLogQuerySchema, AuditLogSchema } from '../../../contract/admin';
import { ErrorBodySchema } from '../../../contract/errors';
import type { AppContext } from '../../context';
import { listAuditLog } from './audit-log';

const refusals = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The admin console's calls (issue 18): admins only, every one. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/audit-log', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Every admin act, newest first, filtered by actor, target id and action, paginated by cursor',
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogSchema, ...refusals },
      },
      handler: (request) => listAuditLog(ctx.db, request.query),
    });
  };
}
