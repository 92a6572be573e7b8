import { sql } from 'drizzle-orm';
import { buildApp, type BuildAppOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { DEMO_PASSWORD, ensureAdmin, findDemoAccountEmails, seedDemo } from './db/seed';
import { startPaymentCalls } from './modules/payments/payment-calls';
import { ensureSeasonChallenge } from './modules/progress/challenges.service';
import { awardPastPaidJobs } from './modules/progress/progress-backfill';
import { startSweeper } from './sweeper';

/** What the entry point (src/main.ts) adds to the server it starts: the server-side renderers. */
export type StartOptions = Pick<BuildAppOptions, 'explorer'>;

async function start(options: StartOptions): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  if (config.env === 'production') {
    // A database seeded in development and then served in production would keep the demo doors open.
    const demoEmails = await findDemoAccountEmails(database.db, config.serviceZips);
    if (demoEmails.length > 0) {
      await database.close();
      throw new ConfigError(
        `Refusing to start with NODE_ENV=production: this database holds demo accounts whose password is published (${demoEmails.join(', ')}); serve production from a database without demo data (a new DATA_DIR or DATABASE_URL).`,
      );
    }
  }
  const { app, ctx } = await buildApp({ config, database, ...options, ...(config.webRoot ? { webRoot: config.webRoot } : {}) });
  const now = ctx.clock.now();
  // Demo data first: it only goes into an empty database, and the ADMIN_EMAIL admin would fill it.
  const demo = config.seedDemo ? await seedDemo(database.db, config.serviceZips, now, config.platformFeePercent) : null;
  const admin = await ensureAdmin(database.db, config.admin, now);
  // Every database has this season's challenge (decision 019); the sweeper adds the next season's when it comes.
  await ensureSeasonChallenge(database.db, now, config.timezone);
  // Jobs paid before progress existed, and the demo's seeded history, count once (decision 019).
  await awardPastPaidJobs(ctx);
  if (admin?.created) app.log.warn({ email: config.admin?.email }, 'created the admin from ADMIN_EMAIL');
  else if (admin && admin.role !== 'admin') app.log.warn({ email: config.admin?.email, role: admin.role }, 'ADMIN_EMAIL belongs to an account that is not an admin; it was left as it is');
  // PGlite has no autovacuum daemon: fresh planner statistics keep list queries on their indexes.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);

  ctx.mailer.start();
  const stopPaymentCalls = await startPaymentCalls(ctx, database);
  const stopSweeper = startSweeper(ctx);
  await app.listen({ port: config.port, host: config.host });

  const where = config.database.kind === 'pglite' ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL';
  console.log(`\nYardly is running at ${config.publicUrl} (${where}).`);
  if (demo) {
    console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of demo) console.log(`  ${account.role.padEnd(12)} ${account.email}`);
  } else if (config.seedDemo) {
    console.log(`Demo accounts, if this database was seeded: teen@, teen2@, homeowner@, coordinator@, admin@demo.yardly.app (password "${DEMO_PASSWORD}").`);
  }
  if (!config.smtpUrl) console.log('No SMTP_URL: emails are kept in the outbox table and written to the log.');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopSweeper();
    await stopPaymentCalls();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Starts the product from the environment and serves until SIGINT or SIGTERM; a failed start ends the process. */
export function runServer(options: StartOptions = {}): void {
  start(options).catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
