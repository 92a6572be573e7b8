import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../contract/constants';
import { canChangeUser, canReadUser } from '../../domain/access';
import type { AppContext } from '../context';
import { forbidden, unauthenticated } from '../errors';
import { findSessionUserCached, SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionUser } from '../modules/auth/sessions';

/** Who may call a route. Every route must say (conventions 2); start-up fails otherwise. */
export type Access = 'public' | 'signed-in' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.auth) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.auth).`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const user = await findSessionUserCached(ctx.caches.sessions, ctx.db, token, ctx.clock.now());
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.auth;
    // Unknown paths reach the not-found handler, which answers 404 to everyone.
    if (access === 'public' || request.is404) return;
    if (!request.user) throw unauthenticated();
    if (access === 'signed-in') return;
    if (!access || !access.includes(request.user.role)) throw forbidden();
  });
}

/** The signed-in caller; only for routes whose access already demands a session. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

const OWN_ACCOUNT_ONLY = 'You can only change your own account.';

/** Design 6: the records of the user in the path (wallet, consent status, counters) are theirs and an admin's to read. */
export function requireReadableUser(request: FastifyRequest, userId: string): SessionUser {
  const user = requireUser(request);
  if (!canReadUser(user, userId)) throw forbidden(OWN_ACCOUNT_ONLY);
  return user;
}

/** Design 6: the account in the path is theirs and an admin's to change. */
export function requireChangeableUser(request: FastifyRequest, userId: string): SessionUser {
  const user = requireUser(request);
  if (!canChangeUser(user, userId)) throw forbidden(OWN_ACCOUNT_ONLY);
  return user;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
