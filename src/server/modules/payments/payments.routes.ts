import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { JobIdParamsSchema } from '../../../contract/jobs';
import {
  AUTO_RELEASE_HOURS,
  DisputeIdParamsSchema,
  DisputeListSchema,
  DisputeSchema,
  DisputeStatementRequestSchema,
  ListDisputesQuerySchema,
  OpenDisputeRequestSchema,
  PaymentPolicySchema,
  ResolveDisputeRequestSchema,
  WalletSchema,
} from '../../../contract/payments';
import type { AppContext } from '../../context';
import { requireReadableUser, requireUser } from '../../plugins/auth';
import { IdempotencyHeadersSchema, respondIdempotently } from '../../plugins/idempotency';
import { giveTeenStatement, listDisputes, openDispute, resolveDispute } from './disputes.service';
import { getWallet } from './wallet.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema };

export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/payments/policy', {
      config: { auth: 'signed-in' },
      schema: { tags: ['payments'], summary: 'The platform fee and the automatic release delay', response: { 200: PaymentPolicySchema, ...errors } },
      handler: async () => ({ platformFeePercent: ctx.config.platformFeePercent, autoReleaseHours: AUTO_RELEASE_HOURS }),
    });

    app.get('/api/wallet/:userId', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: "A teen's Wallet or a homeowner's Payments: totals, pending payments and recent transactions (the user themself or an admin)",
        params: z.object({ userId: z.uuid('Unknown user') }),
        response: { 200: WalletSchema, ...errors },
      },
      handler: (request) => {
        requireReadableUser(request, request.params.userId);
        return getWallet(ctx, request.params.userId);
      },
    });

    app.post('/api/jobs/:id/dispute', {
      config: { auth: ['homeowner'] },
      schema: {
        tags: ['payments'],
        summary: 'Dispute completed or verified work instead of releasing payment; the area coordinator resolves it',
        params: JobIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: OpenDisputeRequestSchema,
        response: { 201: DisputeSchema, ...errors },
      },
      handler: (request, reply) =>
        respondIdempotently(ctx, request, reply, 201, (db) => openDispute(ctx, db, requireUser(request), request.params.id, request.body.reason)),
    });

    app.post('/api/disputes/:id/statement', {
      config: { auth: ['teen'] },
      schema: {
        tags: ['payments'],
        summary: "The job's teen gives their side of an open dispute, once, for whoever settles it",
        params: DisputeIdParamsSchema,
        body: DisputeStatementRequestSchema,
        response: { 200: DisputeSchema, ...errors },
      },
      handler: (request) => giveTeenStatement(ctx, requireUser(request), request.params.id, request.body.statement),
    });

    app.post('/api/disputes/:id/resolve', {
      config: { auth: ['coordinator', 'admin'] },
      schema: {
        tags: ['payments'],
        summary: "Resolve a dispute (the job area's coordinator or an admin): pay, partial (teenAmount of the pay, the rest refunded) or refund",
        params: DisputeIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ResolveDisputeRequestSchema,
        response: { 200: DisputeSchema, ...errors },
      },
      handler: (request, reply) => respondIdempotently(ctx, request, reply, 200, (db) => resolveDispute(ctx, db, requireUser(request), request.params.id, request.body)),
    });

    app.get('/api/disputes', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: "Disputes the caller may see: a coordinator's area, an admin's all, a homeowner's or teen's own jobs",
        querystring: ListDisputesQuerySchema,
        response: { 200: DisputeListSchema, ...errors },
      },
      handler: async (request) => ({ disputes: await listDisputes(ctx, requireUser(request), request.query.status) }),
    });
  };
}
