import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  MessageSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  UserSchema,
} from '../../../contract/auth';
import { ErrorBodySchema } from '../../../contract/errors';
import type { AppContext } from '../../context';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth';
import { LIMITS } from '../../plugins/rate-limit';
import { endSessionStreams } from '../events/live-events';
import { login, register, requestPasswordReset, resetPassword, toUserDto } from './auth.service';
import { deleteSession } from './sessions';

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, we sent a link to reset the password.';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const secureCookie = ctx.config.env === 'production' && ctx.config.publicUrl.startsWith('https://');
  return async (app) => {
    app.post('/api/auth/register', {
      config: { auth: 'public', limits: [LIMITS.signUpPerAddress] },
      schema: {
        tags: ['auth'],
        summary: 'Create a teen or homeowner account and sign in',
        body: RegisterRequestSchema,
        response: { 201: UserSchema, 400: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      handler: async (request, reply) => {
        const { user, token } = await register(ctx, request.body, request.ip, request.headers['user-agent']);
        setSessionCookie(reply, token, secureCookie);
        return reply.status(201).send(toUserDto(user));
      },
    });

    app.post('/api/auth/login', {
      config: { auth: 'public', limits: [LIMITS.signInPerAddress, LIMITS.signInPerAddressAndAccount] },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
      handler: async (request, reply) => {
        const { user, token } = await login(ctx, request.body, request.ip, request.headers['user-agent']);
        if (request.sessionToken) await deleteSession(ctx.db, request.sessionToken);
        setSessionCookie(reply, token, secureCookie);
        return toUserDto(user);
      },
    });

    app.post('/api/auth/logout', {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session is deleted on the server and its live-event streams end',
        response: { 204: { description: 'Signed out; the session cookie is cleared', content: {} } },
      },
      handler: async (request, reply) => {
        const token = request.sessionToken;
        if (token) {
          await ctx.db.transaction(async (tx) => {
            await deleteSession(tx, token);
            await endSessionStreams(tx, token);
          });
        }
        clearSessionCookie(reply, secureCookie);
        return reply.status(204).send();
      },
    });

    app.get('/api/auth/me', {
      config: { auth: 'signed-in' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: UserSchema, 401: ErrorBodySchema } },
      handler: async (request) => toUserDto(requireUser(request)),
    });

    app.post('/api/auth/forgot-password', {
      config: { auth: 'public', limits: [LIMITS.resetRequestsPerAddress, LIMITS.resetRequestsPerAccount] },
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use reset link (the same answer whether or not the account exists)',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
      handler: async (request) => {
        await requestPasswordReset(ctx, request.body.email, request.ip);
        return { message: FORGOT_PASSWORD_ANSWER };
      },
    });

    app.post('/api/auth/reset-password', {
      config: { auth: 'public', limits: [LIMITS.resetAttemptsPerAddress] },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
      handler: async (request) => {
        await resetPassword(ctx, request.body, request.ip);
        return { message: 'Your password was updated. Please sign in with the new one.' };
      },
    });
  };
}
