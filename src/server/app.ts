import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { ChangeSignals } from './db/derived-cache';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { consentRoutes } from './modules/consent/consent.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { mapsRoutes } from './modules/maps/maps.routes';
import { Mailer } from './modules/email/mailer';
import { eventsRoutes } from './modules/events/events.routes';
import { EventBus } from './modules/events/live-events';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { builtinPaymentProvider } from './modules/payments/payment-provider';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { progressRoutes } from './modules/progress/progress.routes';
import { systemRoutes } from './modules/system/system.routes';
import { registerExplorerPage, type ExplorerRendering } from './modules/pages/explorer-page';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { routesRoutes } from './modules/routes/routes.routes';
import { safetyRoutes } from './modules/safety/safety.routes';
import { usersRoutes } from './modules/users/users.routes';
import { requestSerializer } from './logging';
import { registerAuth } from './plugins/auth';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerNoStore } from './plugins/no-store';
import { registerOpenApi } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTextInputGuard } from './plugins/text-input';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where the built web client lives; absent in API-only tests. */
  webRoot?: string | null;
  logger?: boolean;
  /** Where the log goes (tests read it); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Between live-event heartbeats (tests shorten it). */
  heartbeatMs?: number;
  /** The explorer's server rendering (src/ssr, wired by src/main.ts); without it the explorer is the SPA's shell. */
  explorer?: ExplorerRendering;
}

const LANDING_HTML = 'landing.html';
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Builds the whole server without listening, so tests drive it with `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the log: no headers or bodies, and URLs lose their tokens.
            serializers: { req: requestSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = new Mailer({
    db: database.db,
    clock,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.emailFrom,
  });
  const events = new EventBus(database, app.log);
  await events.start();
  const signals = new ChangeSignals(database, app.log);
  await signals.start();
  app.addHook('onClose', () => signals.stop());
  const caches: AppContext['caches'] = {
    sessions: signals.cache({ tables: ['sessions', 'users'], maxEntries: 10_000, maxAgeMs: 10_000 }),
    openJobs: signals.cache({ tables: ['jobs', 'coordinator_zip_codes'], maxEntries: 500, maxAgeMs: 10_000 }),
    nextLockExpiry: signals.cache({ tables: ['jobs'], maxEntries: 1, maxAgeMs: 10_000 }),
    servedZips: signals.cache({ tables: ['service_areas'], maxEntries: 1, maxAgeMs: 10_000 }),
    openJobTallies: signals.cache({ tables: ['jobs'], maxEntries: 1, maxAgeMs: 10_000 }),
  };
  const ctx: AppContext = { db: database.db, withPlan: database.withPlan, config, clock, mailer, events, payments: builtinPaymentProvider, log: app.log, caches };
  app.addHook('onClose', () => mailer.stop());
  // Open streams would keep close() waiting forever: end them first.
  app.addHook('preClose', async () => events.closeStreams());
  app.addHook('onClose', () => events.stop());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A write's answer waits until this process has heard its change, so the writer's next answer
    // from here, from a cache or not, shows it (decision 012).
    if (!READ_ONLY_METHODS.has(request.method)) await signals.fence();
  });

  registerErrorHandler(app);
  registerNoStore(app);
  // Before the session, the body or any limit is looked at: a refused cross-site write changes nothing.
  registerOriginCheck(app, config);
  registerTextInputGuard(app);
  // The API speaks JSON only; anything else is a 415, not a string for the schema to puzzle over.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  const production = config.env === 'production';
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The maps' tiles (MAP_TILE_URL) are images from that one origin (issue 17).
        imgSrc: ["'self'", 'data:', config.map.tileOrigin],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading would break plain-HTTP LAN installs; only ask for it when we are on HTTPS.
        upgradeInsecureRequests: production && config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Before the routes: the document is built from what each route declares as it is added.
  await registerOpenApi(app, config);

  registerAuth(app, ctx);
  await app.register(authRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(safetyRoutes(ctx));
  await app.register(jobsRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(eventsRoutes(ctx, options.heartbeatMs));
  await app.register(consentRoutes(ctx));
  await app.register(paymentsRoutes(ctx));
  await app.register(progressRoutes(ctx));
  await app.register(systemRoutes(ctx, database.kind));
  await app.register(adminRoutes(ctx));
  await app.register(recommendationsRoutes(ctx));
  await app.register(routesRoutes(ctx));
  await app.register(mapsRoutes(ctx));

  const webRoot = options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot;
  registerWebClient(app, ctx, webRoot, options.explorer);
  return { app, ctx };
}

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and every
 * other GET answered with index.html so the SPA's deep links work. Unknown /api paths are JSON 404s.
 */
function registerWebClient(app: FastifyInstance, ctx: AppContext, webRoot: string | null, explorer: ExplorerRendering | undefined): void {
  const hasClient = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));
  // Never sent as they are: the shell, and the server render's template.
  const serverOnly = new Set(['index.html', ...(explorer ? [explorer.templateFile] : [])]);
  const rootFiles = new Set(hasClient ? readdirSync(webRoot).filter((f) => !serverOnly.has(f) && !/\.(gz|br)$/.test(f)) : []);
  const sendShell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0, immutable: false });
  if (hasClient) {
    if (explorer && existsSync(path.join(webRoot, explorer.templateFile))) registerExplorerPage(app, ctx, explorer, webRoot, sendShell);
    void app.register(fastifyStatic, { root: webRoot, serve: false, preCompressed: true });
    app.get('/assets/*', {
      config: { auth: 'public' },
      schema: { hide: true },
      handler: (request, reply) => {
        const file = (request.params as { '*': string })['*'];
        return reply.sendFile(`assets/${file}`, { immutable: true, maxAge: '365d' });
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api') || !wantsPage || !hasClient) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    }
    const file = pathname.slice(1);
    if (rootFiles.has(file) && file !== LANDING_HTML) return reply.sendFile(file, { maxAge: '1d', immutable: false });
    // The first visit to / gets the prerendered landing page, which needs almost no script.
    if (pathname === '/' && rootFiles.has(LANDING_HTML)) return reply.header('cache-control', 'no-cache').sendFile(LANDING_HTML, { maxAge: 0, immutable: false });
    return sendShell(reply);
  });
}
