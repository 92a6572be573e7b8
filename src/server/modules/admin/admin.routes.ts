import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDisputeListSchema,
  AdminDisputesQuerySchema,
  AdminOverviewQuerySchema,
  AdminOverviewSchema,
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUsersQuerySchema,
  AdminUserSummarySchema,
  AuditLogQuerySchema,
  AuditLogSchema,
  CoordinatorListSchema,
  CoordinatorSchema,
  CreateCoordinatorRequestSchema,
  CreateServiceAreaRequestSchema,
  ServiceAreaListSchema,
  ServiceAreaParamsSchema,
  ServiceAreaSchema,
  SuspendUserRequestSchema,
  UpdateCoordinatorRequestSchema,
  UpdateServiceAreaRequestSchema,
} from '../../../contract/admin';
import { ErrorBodySchema } from '../../../contract/errors';
import { UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { addServiceArea, listServiceAreas, setServiceAreaActive } from '../areas/service-areas';
import { listAdminDisputes } from './admin-disputes';
import { listAuditLog } from './audit-log';
import { createCoordinator, listCoordinators, setCoordinatorZipCodes } from './coordinators';
import { getOverview } from './overview';
import { getPerson, listPeople } from './people';
import { reactivateUser, suspendUser } from './suspension';

const refusals = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const refusalsOnOne = { ...refusals, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The admin console's calls (issue 18): admins only, every one. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/overview', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Accounts by role and status, jobs by status, the money of the ledger this month and in total, open disputes, pending consents, the outbox and its latest messages',
        querystring: AdminOverviewQuerySchema,
        response: { 200: AdminOverviewSchema, ...refusals },
      },
      handler: (request) => getOverview(ctx, request.query.emails),
    });

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

    app.get('/api/admin/users', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'People newest first, searched by name, email or username and filtered by role and status, paginated by cursor (no dates of birth)',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUserListSchema, ...refusals },
      },
      handler: (request) => listPeople(ctx.db, request.query),
    });

    app.get('/api/admin/users/:id', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "One person: account, area, consent (teens), their newest jobs and payments, and the admin acts taken on them",
        params: UserIdParamsSchema,
        response: { 200: AdminUserDetailSchema, ...refusals, 404: ErrorBodySchema },
      },
      handler: (request) => getPerson(ctx.db, request.params.id),
    });

    app.post('/api/admin/users/:id/suspend', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "Suspend an account with a reason: its sessions end at once, sign-in is refused, a teen's live lock is released (idempotent)",
        params: UserIdParamsSchema,
        body: SuspendUserRequestSchema,
        response: { 200: AdminUserSummarySchema, ...refusalsOnOne },
      },
      handler: (request) => suspendUser(ctx, requireUser(request), request.params.id, request.body.reason),
    });

    app.post('/api/admin/users/:id/reactivate', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Reactivate a suspended account: it may sign in again (idempotent)',
        params: UserIdParamsSchema,
        response: { 200: AdminUserSummarySchema, ...refusalsOnOne },
      },
      handler: (request) => reactivateUser(ctx, requireUser(request), request.params.id),
    });

    app.get('/api/admin/service-areas', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Every service area with its open jobs and coordinators; one with open jobs and no coordinator is flagged',
        response: { 200: ServiceAreaListSchema, ...refusals },
      },
      handler: async () => ({ areas: await listServiceAreas(ctx) }),
    });

    app.post('/api/admin/service-areas', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Add a ZIP code to the service areas: sign-up and posting there open at once',
        body: CreateServiceAreaRequestSchema,
        response: { 201: ServiceAreaSchema, ...refusals, 409: ErrorBodySchema },
      },
      handler: async (request, reply) => reply.status(201).send(await addServiceArea(ctx, requireUser(request), request.body)),
    });

    app.patch('/api/admin/service-areas/:zipCode', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Pause or resume a service area: paused, sign-up and posting there are refused and its jobs go on (idempotent)',
        params: ServiceAreaParamsSchema,
        body: UpdateServiceAreaRequestSchema,
        response: { 200: ServiceAreaSchema, ...refusals, 404: ErrorBodySchema },
      },
      handler: (request) => setServiceAreaActive(ctx, requireUser(request), request.params.zipCode, request.body.active),
    });

    app.get('/api/admin/coordinators', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Every coordinator with their ZIP codes, the teens who live there and the open jobs there',
        response: { 200: CoordinatorListSchema, ...refusals },
      },
      handler: () => listCoordinators(ctx.db),
    });

    app.post('/api/admin/coordinators', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Create a coordinator of some ZIP codes, who is emailed a single-use link to choose their password',
        body: CreateCoordinatorRequestSchema,
        response: { 201: CoordinatorSchema, ...refusals, 409: ErrorBodySchema },
      },
      handler: async (request, reply) => reply.status(201).send(await createCoordinator(ctx, requireUser(request), request.body)),
    });

    app.patch('/api/admin/coordinators/:id', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "Replace the ZIP codes a coordinator serves (idempotent)",
        params: UserIdParamsSchema,
        body: UpdateCoordinatorRequestSchema,
        response: { 200: CoordinatorSchema, ...refusals, 404: ErrorBodySchema },
      },
      handler: (request) => setCoordinatorZipCodes(ctx, requireUser(request), request.params.id, request.body.zipCodes),
    });

    app.get('/api/admin/disputes', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "Disputes (open unless asked), newest first, each with both sides' statements, both parties and the job's history; resolved by POST /api/disputes/{id}/resolve",
        querystring: AdminDisputesQuerySchema,
        response: { 200: AdminDisputeListSchema, ...refusals },
      },
      handler: (request) => listAdminDisputes(ctx, requireUser(request), request.query.status),
    });
  };
}
