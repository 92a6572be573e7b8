import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../contract/errors';
import type { LiveEvent } from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { coordinatorZipCodes } from '../../db/schema';
import { AppError, unauthenticated } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { findSessionUser, hashToken } from '../auth/sessions';
import { HEARTBEAT_MS, type Subscriber } from './live-events';
import { MAX_STREAMS_PER_USER } from './stream-slots';
const refusal = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBodySchema } } });

/** How long a browser waits before reconnecting after a drop (EventSource's `retry:`). */
const RETRY_MS = 3000;

/**
 * `GET /api/events`: server-sent events for the signed-in user. Each event is a signal (see
 * LiveEventSchema); on every (re)connection the stream first sends `ready`, and the client refetches
 * what it shows, so nothing raised while it was away is lost (notifications live in the database).
 */
export function eventsRoutes(ctx: AppContext, heartbeatMs = HEARTBEAT_MS): FastifyPluginAsyncZod {
  return async (app) => {
    ctx.events.beatEvery(heartbeatMs);
    app.get('/api/events', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['events'],
        summary: `Live events for the signed-in user (text/event-stream): notification and job signals, a ready event on connect, heartbeats; at most ${MAX_STREAMS_PER_USER} open at once per user`,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
          401: ErrorBodySchema,
          429: refusal(`The account already has ${MAX_STREAMS_PER_USER} live streams open, on any server (\`TOO_MANY_STREAMS\`); closing one frees its slot.`),
          503: refusal('The stream ended as it opened: the server is closing, or the session just ended (`UNAVAILABLE`). The browser reconnects by itself.'),
        },
      },
      handler: async (request, reply) => {
        const user = requireUser(request);
        const token = request.sessionToken;
        if (!token) throw unauthenticated();
        const zipCodes =
          user.role === 'coordinator'
            ? (await ctx.db.select({ zip: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, user.id))).map((r) => r.zip)
            : [];

        const res = reply.raw;
        const write = (chunk: string) => {
          if (!res.writableEnded) res.write(chunk);
        };
        const sendEvent = (name: string, data: unknown) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
        let closed = false;
        let unsubscribe: (() => void) | null = null;
        const close = () => {
          if (closed) return;
          closed = true;
          unsubscribe?.();
          if (reply.sent) res.end();
        };
        const subscriber: Subscriber = {
          userId: user.id,
          sessionTokenHash: hashToken(token),
          role: user.role,
          zipCodes,
          send: (event: LiveEvent) => {
            const { type, ...data } = event;
            sendEvent(type, data);
          },
          resync: () => sendEvent('ready', {}),
          // A stream outlives its request: sign-out, a reset or a suspension ends it at once (their
          // session goes, and its slot with it); an expired session at the next beat.
          beat: () => {
            findSessionUser(ctx.db, token, ctx.clock.now())
              .then((current) => (current ? write(': heartbeat\n\n') : close()))
              .catch(() => write(': heartbeat\n\n'));
          },
          close,
        };
        // The slot is claimed before the answer starts: a stream over the limit is answered 429 like
        // any refused request.
        unsubscribe = await ctx.events.subscribe(subscriber);
        if (closed) {
          // Ended (signed out, or the server closing) in the moment between its claim and here.
          unsubscribe();
          throw new AppError('UNAVAILABLE', 'This live connection ended as it opened. It reconnects by itself.');
        }

        reply.hijack();
        // Hijacking skips Fastify's send, so the security headers set so far are copied by hand.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // The stream is the connection's last response: when it ends, so does the socket, and a
          // closing server is not left waiting on it.
          connection: 'close',
          // nginx and friends would otherwise buffer the stream.
          'x-accel-buffering': 'no',
        });
        // A dropped client frees its slot at once, one that left while the slot was claimed too.
        res.on('close', close);
        res.on('error', close);
        if (res.destroyed) {
          close();
          return;
        }

        write(`retry: ${RETRY_MS}\n\n`);
        sendEvent('ready', {});
      },
    });
  };
}
