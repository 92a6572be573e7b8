import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Vite's dev server (vite.config.ts) proxies /api, passing the browser's Origin through. */
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** The origins whose pages may change state: PUBLIC_URL's, and in development the dev server's too. */
export function allowedOriginsOf(config: Pick<Config, 'env' | 'publicUrl'>): Set<string> {
  return new Set([new URL(config.publicUrl).origin, ...(config.env === 'development' ? DEV_SERVER_ORIGINS : [])]);
}

/** 'null' (an opaque origin) for anything that is not a URL: never an allowed origin. */
function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cross-site request forgery: a page on another site can make a signed-in browser POST here with
 * its cookie (SameSite=Lax still sends it on top-level form posts, and sibling subdomains count as
 * the same site). A state-changing request is refused when its Origin, or its Referer when the
 * browser sent no Origin, names another origin; `Origin: null` (sandboxed frames, data: URLs) too.
 * Clients that send neither (curl, scripts, server-side calls) are no browser a page can drive.
 * It runs on the request line alone, before the session, body or rate limits are looked at.
 */
export function registerOriginCheck(app: FastifyInstance, config: Pick<Config, 'env' | 'publicUrl'>): void {
  const allowed = allowedOriginsOf(config);
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const { origin, referer } = request.headers;
    const source = origin ?? referer;
    if (source === undefined || allowed.has(originOf(source))) return done();
    // Outside production the server is also reached by other names than PUBLIC_URL's (127.0.0.1, a
    // laptop's LAN address): a page served from the very address the request is sent to is this site.
    if (config.env !== 'production' && originOf(source) === originOf(`${request.protocol}://${request.host}`)) return done();
    done(new AppError('CROSS_SITE_REQUEST', 'This request came from another site, so it was refused. Open Yardly itself and try again.'));
  });
}
