import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { OptimizationResultSchema, OptimizeRouteRequestSchema } from '../../../contract/routes';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { optimizeRoute } from './route-optimizer';
import { SolverPool } from './solver-pool';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 503: ErrorBodySchema };

/** The route optimizer (issue 17). */
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
  };
}
