import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './modules/email/mailer';
import type { EventBus } from './modules/events/live-events';
import type { PaymentProvider } from './modules/payments/payment-provider';

/** What every service needs; built once in app.ts and passed down, never a global. */
export interface AppContext {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** This process's live-event streams (GET /api/events); events reach it through the database. */
  events: EventBus;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}
