import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../../contract/constants';
import { OutboxEmailSchema, SendTestEmailRequestSchema } from '../../../contract/email';
import { ErrorBodySchema } from '../../../contract/errors';
import { HealthSchema } from '../../../contract/system';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { recordAdminAction } from '../admin/audit-log';
import { enqueueEmail, getEmail } from '../email/mailer';
import { testEmail } from '../email/templates';

export function systemRoutes(ctx: AppContext, databaseKind: 'pglite' | 'postgres'): FastifyPluginAsyncZod {
  const startedAt = Date.now();
  return async (app) => {
    app.get('/api/health', {
      config: { auth: 'public' },
      schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: HealthSchema, 503: HealthSchema } },
      handler: async (_request, reply) => {
        const t0 = performance.now();
        const ok = await pingDatabase(ctx.db).then(
          () => true,
          () => false,
        );
        const body = {
          status: ok ? ('ok' as const) : ('degraded' as const),
          database: { kind: databaseKind, ok, latencyMs: Math.round((performance.now() - t0) * 100) / 100 },
          version: APP_VERSION,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        };
        return reply.status(ok ? 200 : 503).send(body);
      },
    });

    app.post('/api/test/send-email', {
      // Admins only: an endpoint that mails any address must not become an open relay.
      config: { auth: ['admin'] },
      schema: {
        tags: ['system'],
        summary: 'Send a test email through the outbox (admins only)',
        body: SendTestEmailRequestSchema,
        response: { 202: OutboxEmailSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
      handler: async (request, reply) => {
        const { to, subject, message } = request.body;
        const now = ctx.clock.now();
        const id = await ctx.db.transaction(async (tx) => {
          const queued = await enqueueEmail(tx, testEmail(to, subject, message), now);
          // Whom an admin mailed, and what: the audit log carries the subject, not the message.
          await recordAdminAction(tx, { actorId: requireUser(request).id, at: now, target: { type: 'email', id: queued }, action: 'email.test', changes: { to, subject } });
          return queued;
        });
        await ctx.mailer.deliverDue();
        return reply.status(202).send(await getEmail(ctx.db, id));
      },
    });
  };
}
