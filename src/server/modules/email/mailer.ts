import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxEmail } from '../../../contract/email';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { firstRow } from '../../errors';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** After this many failed attempts (about a day of backoff) a message is marked failed. */
export const MAX_ATTEMPTS = 12;
const BATCH_SIZE = 20;

/** 30 s, 1 min, 2 min ... capped at 2 hours between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 2 * 3600 * 1000);
}

/** Writes a message to the outbox, in the caller's transaction; delivery happens after commit. */
export async function enqueueEmail(db: Executor, message: EmailMessage, now: Date): Promise<string> {
  const rows = await db
    .insert(outboxEmails)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: outboxEmails.id });
  return firstRow(rows, 'the queued email').id;
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | null;
  from: string;
  pollIntervalMs?: number;
}

/**
 * Delivers the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED, so several server
 * processes can run mailers on one database without sending a message twice.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, { from: options.from }) : null;
  }

  get delivery(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs ?? 5000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  /** Deliver soon, without making the caller wait (after a commit that enqueued mail). */
  kick(): void {
    if (this.running) return;
    this.running = this.deliverDue()
      .catch((err: unknown) => {
        this.options.log.error({ err }, 'outbox delivery failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** Sends every due message once; returns how many were handled. Tests call it directly. */
  async deliverDue(): Promise<number> {
    const { db, clock } = this.options;
    const due = await db.transaction(async (tx) => {
      const now = clock.now();
      const rows = await tx
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, now)))
        .orderBy(outboxEmails.nextAttemptAt)
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        // Claim: push the next attempt out so a crashed sender's rows are retried later, not lost.
        await tx
          .update(outboxEmails)
          .set({ nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)), attempts: sql`${outboxEmails.attempts} + 1` })
          .where(inArray(outboxEmails.id, rows.map((r) => r.id)));
      }
      return rows;
    });
    for (const row of due) await this.deliverOne(row);
    return due.length;
  }

  private async deliverOne(row: typeof outboxEmails.$inferSelect): Promise<void> {
    const { db, clock, log } = this.options;
    const attempts = row.attempts + 1;
    if (!this.transport) {
      // Bodies are never logged: they carry single-use links (password reset, consent).
      log.info({ emailId: row.id, to: row.toAddress, subject: row.subject }, 'email kept in the outbox table (no SMTP_URL configured)');
      await db.update(outboxEmails).set({ status: 'logged', sentAt: clock.now() }).where(eq(outboxEmails.id, row.id));
      return;
    }
    try {
      await this.transport.sendMail({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
      });
      await db.update(outboxEmails).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(eq(outboxEmails.id, row.id));
      log.info({ emailId: row.id, subject: row.subject }, 'email sent');
    } catch (err) {
      const failed = attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(outboxEmails)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
        })
        .where(eq(outboxEmails.id, row.id));
      log.warn({ emailId: row.id, attempts, failed, error: message }, 'email delivery failed; will retry');
    }
  }
}

export function toOutboxEmail(r: typeof outboxEmails.$inferSelect): OutboxEmail {
  return {
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

/**
 * Forgets delivered (sent or logged) messages created before `createdBefore`: their bodies hold
 * single-use links and people's names and contacts, and the outbox is not an archive. Pending and
 * failed messages stay, so nothing undelivered is lost.
 */
export async function pruneDeliveredEmails(db: Executor, createdBefore: Date): Promise<number> {
  const deleted = await db
    .delete(outboxEmails)
    .where(and(inArray(outboxEmails.status, ['sent', 'logged']), lte(outboxEmails.createdAt, createdBefore)))
    .returning({ id: outboxEmails.id });
  return deleted.length;
}

export async function listRecentEmails(db: Executor, limit: number): Promise<OutboxEmail[]> {
  const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
  return rows.map(toOutboxEmail);
}

export async function getEmail(db: Executor, id: string): Promise<OutboxEmail> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) throw new Error(`outbox email ${id} vanished`);
  return toOutboxEmail(row);
}
