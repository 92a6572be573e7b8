import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { CreateJobRequestSchema, JobIdParamsSchema, JobListSchema, JobSchema, JobSummarySchema, ListJobsQuerySchema, TeenActionRequestSchema } from '../../../contract/jobs';
import { UserIdParamsSchema } from '../../../contract/users';
import type { Role } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { requireReadableUser, requireUser } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import { IdempotencyHeadersSchema, respondIdempotently } from '../../plugins/idempotency';
import { runJobCommand, type JobCommand } from './job-commands';
import { createJob } from './job-posting';
import { getJob, listJobs, summarizeHomeownerJobs } from './job-queries';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Each command: its path, who may call it, and what it does (the machine checks the rest). */
const COMMANDS: { path: string; command: JobCommand; roles: readonly Role[]; summary: string }[] = [
  { path: 'accept', command: 'accept', roles: ['teen'], summary: 'Lock a posted job for 15 minutes, or accept a job the caller has locked' },
  { path: 'finalize-lock', command: 'finalize', roles: ['teen'], summary: 'Accept a job the caller has locked' },
  { path: 'release-lock', command: 'release', roles: ['teen'], summary: "Release the caller's lock" },
  { path: 'start', command: 'start', roles: ['teen'], summary: 'Start an accepted job (6 AM-8 PM local time)' },
  { path: 'complete', command: 'complete', roles: ['teen'], summary: 'Mark a job in progress as completed' },
  { path: 'withdraw', command: 'withdraw', roles: ['teen'], summary: 'Back out of an accepted job before starting (counts against reliability)' },
  { path: 'verify', command: 'verify', roles: ['coordinator', 'admin'], summary: "Verify completed work (the job area's coordinator, or an admin)" },
  { path: 'cancel', command: 'cancel', roles: ['homeowner', 'admin'], summary: 'Cancel a job no teen has started; its held pay is refunded in full' },
  { path: 'release-payment', command: 'pay', roles: ['homeowner'], summary: "Release a verified job's held pay: the teen gets it minus the platform fee" },
];

export function jobsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/jobs', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['jobs'],
        summary: 'Jobs the caller may see, newest first, paginated by cursor',
        querystring: ListJobsQuerySchema,
        response: { 200: JobListSchema, ...errors },
      },
      // The explorer's list is the hottest call; see fast-serializer.ts.
      serializerCompiler: fastSerializerCompiler,
      handler: (request) => listJobs(ctx, requireUser(request), request.query),
    });

    app.post('/api/jobs', {
      config: { auth: ['homeowner'] },
      schema: { tags: ['jobs'], summary: 'Post a job', body: CreateJobRequestSchema, response: { 201: JobSchema, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await createJob(ctx, requireUser(request), request.body)),
    });

    app.get('/api/jobs/:id', {
      config: { auth: 'signed-in' },
      schema: { tags: ['jobs'], summary: 'One job', params: JobIdParamsSchema, response: { 200: JobSchema, ...errors } },
      handler: (request) => getJob(ctx, requireUser(request), request.params.id),
    });

    for (const { path, command, roles, summary } of COMMANDS) {
      app.post(`/api/jobs/:id/${path}`, {
        config: { auth: roles },
        schema: {
          tags: ['jobs'],
          summary,
          params: JobIdParamsSchema,
          headers: IdempotencyHeadersSchema,
          body: TeenActionRequestSchema.optional(),
          response: { 200: JobSchema, ...errors, 422: ErrorBodySchema },
        },
        // Every command may carry an Idempotency-Key: cancel and release-payment move money.
        handler: (request, reply) =>
          respondIdempotently(ctx, request, reply, 200, (db) => runJobCommand(ctx, requireUser(request), request.params.id, command, request.body?.teenId, db)),
      });
    }

    app.get('/api/users/:id/job-summary', {
      config: { auth: ['homeowner', 'admin'] },
      schema: {
        tags: ['jobs'],
        summary: "A homeowner's counters: jobs posted, total spent, active and in progress",
        params: UserIdParamsSchema,
        response: { 200: JobSummarySchema, ...errors },
      },
      handler: (request) => {
        requireReadableUser(request, request.params.id);
        return summarizeHomeownerJobs(ctx, request.params.id);
      },
    });
  };
}

