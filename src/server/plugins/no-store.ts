import type { FastifyInstance } from 'fastify';

/** The only /api answers that name no one, so any cache may keep them. */
const PUBLIC_API_ROUTES = new Set(['/api/health', '/api/docs']);

const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Every other /api answer speaks of a person (their account, wallet, messages, consent, jobs) or
 * of what they may see: no browser or shared cache may keep it for the next person at the keyboard.
 * Set before the route runs, so refusals (401, 403, 404) and the hijacked live stream carry it too.
 * Pages and assets keep the headers app.ts gives them.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiUrl(request.url) && !PUBLIC_API_ROUTES.has(request.routeOptions.url ?? '')) reply.header('cache-control', 'no-store');
    done();
  });
}
