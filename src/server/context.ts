import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db, WithPlan } from './db/client';
import type { DerivedCache } from './db/derived-cache';
import type { FoundSession } from './modules/auth/sessions';
import type { Mailer } from './modules/email/mailer';
import type { EventBus } from './modules/events/live-events';
import type { OpenJobsPage } from './modules/jobs/open-jobs-page';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { JobTally } from '../domain/recommendations/score';

/** What every service needs; built once in app.ts and passed down, never a global. */
export interface AppContext {
  db: Db;
  /** Runs statements with named planner settings (decision 015): the search's steps. */
  withPlan: WithPlan;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** This process's live-event streams (GET /api/events); events reach it through the database. */
  events: EventBus;
  payments: PaymentProvider;
  /** This process's caches of what the database says, each dropped when its tables change (decision 009). */
  caches: {
    sessions: DerivedCache<FoundSession | null>;
    openJobs: DerivedCache<OpenJobsPage>;
    /** When the first live lock runs out (ms since the epoch, Infinity for none): how long a page of open jobs holds. */
    nextLockExpiry: DerivedCache<number>;
    /** The active service areas' ZIP codes (servedZips), for reads on every request. */
    servedZips: DerivedCache<readonly string[]>;
    /** The open jobs the lock could take now, counted by what the recommendations' limits read (decision 018). */
    openJobTallies: DerivedCache<readonly JobTally[]>;
  };
  log: FastifyBaseLogger;
}
