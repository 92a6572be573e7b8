import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import {
  CoordinatorIdParamsSchema,
  CoordinatorTeenListSchema,
  DemoDataResultSchema,
  DemoStatusSchema,
  OptimizationResultSchema,
  OptimizeRouteRequestSchema,
  RouteAnalyticsSchema,
  RouteIdParamsSchema,
  RouteListSchema,
  RouteSchema,
  SaveRouteRequestSchema,
  UpdateRouteRequestSchema,
} from '../../../contract/routes';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { listCoordinatorTeens } from './coordinator-teens';
import { createRouteDemoData } from './route-demo';
import { optimizeRoute } from './route-optimizer';
import { listRoutes, readRouteAnalytics, saveRoute, updateRoute } from './saved-routes';
import { SolverPool } from './solver-pool';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 503: ErrorBodySchema };
const readErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** The route optimizer, the coordinator's saved routes and the teens of their area (issue 17). */
export function routesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const pool = new SolverPool();
    // A listening server loads its solver thread at once, so the first optimisation does not wait
    // for it; an app that only answers injected requests (the tests) starts it on first use.
    app.addHook('onListen', async () => pool.warm());
    app.addHook('onClose', () => pool.close());

    app.post('/api/routes/optimize', {
      config: { auth: ['coordinator'] },
      schema: {
        tags: ['routes'],
        summary:
          "The shortest round trip from the coordinator's base (or `start`) through 1 to 200 jobs of their ZIP codes, with each stop's leg and arrival from 9:00 local time on the date (or `startTime`): exact up to 12 stops, else within about 150 ms, measured against the Held-Karp lower bound",
        body: OptimizeRouteRequestSchema,
        response: { 200: OptimizationResultSchema, ...errors },
      },
      handler: (request) => optimizeRoute(ctx, pool, requireUser(request), request.body),
    });

    app.post('/api/routes', {
      config: { auth: ['coordinator'] },
      schema: {
        tags: ['routes'],
        summary:
          "The coordinator saves a route: the jobs of their ZIP codes in visiting order, named ('Route for {date}' by default), planned. Every leg, arrival, total and bound is the server's own, from the jobs' points; savings are measured against `chosenOrder`",
        body: SaveRouteRequestSchema,
        response: { 201: RouteSchema, ...errors },
      },
      handler: async (request, reply) => reply.code(201).send(await saveRoute(ctx, pool, requireUser(request), request.body)),
    });

    app.get('/api/routes/coordinator/:coordinatorId', {
      config: { auth: ['coordinator', 'admin'] },
      schema: {
        tags: ['routes'],
        summary: "A coordinator's saved routes, newest first (the latest 100), with their stops in order (the coordinator themself, or an admin)",
        params: CoordinatorIdParamsSchema,
        response: { 200: RouteListSchema, ...readErrors },
      },
      handler: async (request) => ({ routes: await listRoutes(ctx, requireUser(request), request.params.coordinatorId) }),
    });

    app.get('/api/routes/coordinator/:coordinatorId/analytics', {
      config: { auth: ['coordinator', 'admin'] },
      schema: {
        tags: ['routes'],
        summary:
          "A coordinator's route analytics computed from their saved routes and those routes' jobs: counts by status, miles, miles saved against the chosen orders, mean efficiency against the bound, jobs per route, jobs verified and the median hours from completion to verification, and a series per route (the coordinator themself, or an admin)",
        params: CoordinatorIdParamsSchema,
        response: { 200: RouteAnalyticsSchema, ...readErrors },
      },
      handler: (request) => readRouteAnalytics(ctx, requireUser(request), request.params.coordinatorId),
    });

    // Spec 7 calls it GET /api/teens/coordinator/{id}. In the OpenAPI document that path is ambiguous
    // beside issue 21's /api/teens/{id}/work-hours (both would match /api/teens/coordinator/work-hours),
    // which Redocly refuses; at run time it is not, since an id is a UUID and never 'coordinator'. So
    // the document shows the same route under a path of its own, and the spec's path answers alike.
    for (const [url, hide] of [
      ['/api/coordinators/:coordinatorId/teens', false],
      ['/api/teens/coordinator/:coordinatorId', true],
    ] as const) {
      app.get(url, {
        config: { auth: ['coordinator', 'admin'] },
        schema: {
          hide,
          tags: ['routes'],
          summary:
            "The active teens of a coordinator's ZIP codes by name: full name, username, ZIP code, availability, level title, active jobs and consent status; never a date of birth, email or address (the coordinator themself, or an admin). Also answered at spec 7's GET /api/teens/coordinator/{id}",
          params: CoordinatorIdParamsSchema,
          response: { 200: CoordinatorTeenListSchema, ...readErrors },
        },
        handler: async (request) => ({ teens: await listCoordinatorTeens(ctx, requireUser(request), request.params.coordinatorId) }),
      });
    }

    // The route optimizer offers Create Demo Data only where it works.
    app.get('/api/demo', {
      config: { auth: ['coordinator', 'admin'] },
      schema: {
        tags: ['routes'],
        summary: 'Whether this server creates demo data (POST /api/demo/create-data): only where the demo accounts are seeded, never in production',
        response: { 200: DemoStatusSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
      handler: async () => ({ enabled: ctx.config.seedDemo }),
    });

    // Demo data only where demo accounts are seeded (never in production): elsewhere the path does not exist.
    if (ctx.config.seedDemo) {
      app.post('/api/demo/create-data', {
        config: { auth: ['coordinator'] },
        schema: {
          tags: ['routes'],
          summary: "Demo databases only: posts a dozen jobs of the demo homeowner at points spread over the coordinator's ZIP codes, to plan a route through",
          response: { 201: DemoDataResultSchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 409: ErrorBodySchema, 400: ErrorBodySchema },
        },
        handler: async (request, reply) => reply.code(201).send(await createRouteDemoData(ctx, requireUser(request))),
      });
    }

    app.patch('/api/routes/:id', {
      config: { auth: ['coordinator', 'admin'] },
      schema: {
        tags: ['routes'],
        summary:
          'Moves a route on ({status: in_progress} from planned, {status: completed} from in progress; 409 otherwise) or marks one of its stops visited ({visitedJobId}; the first mark counts, and it starts a planned route). The coordinator themself, or an admin; anyone else is told the route is not found',
        params: RouteIdParamsSchema,
        body: UpdateRouteRequestSchema,
        response: { 200: RouteSchema, ...readErrors, 409: ErrorBodySchema },
      },
      handler: (request) => updateRoute(ctx, requireUser(request), request.params.id, request.body),
    });
  };
}
