import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import type { Database } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { startSmtp } from '../../test/smtp';
import { openTestDatabase } from '../../test/test-app';
import { enqueueEmail, Mailer, MAX_ATTEMPTS, pruneDeliveredEmails, retryDelayMs } from './mailer';

describe.each(databaseKinds())('Mailer on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = new ManualClock();
  const log = pino({ level: 'silent' });
  beforeEach(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterEach(() => drop());

  const mailerFor = (smtpUrl: string | null) =>
    new Mailer({ db: database.db, clock, log, smtpUrl, from: 'Yardly <no-reply@yardly.test>' });
  const rows = () => database.db.select().from(outboxEmails);

  it('delivers over real SMTP and marks the message sent', async () => {
    const smtp = await startSmtp();
    const mailer = mailerFor(`smtp://127.0.0.1:${smtp.port}`);
    try {
      await enqueueEmail(database.db, { to: 'parent@example.com', subject: 'Hello there', text: 'Plain body', html: '<p>Plain body</p>' }, clock.now());
      expect(await mailer.deliverDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['parent@example.com']);
      expect(smtp.received[0]!.raw).toContain('Subject: Hello there');
      expect(smtp.received[0]!.raw).toContain('From: Yardly <no-reply@yardly.test>');
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(await mailer.deliverDue()).toBe(0);
    } finally {
      await mailer.stop();
      await smtp.close();
    }
  });

  it('keeps a message when the SMTP server is down and delivers it after the backoff', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const mailer = mailerFor(`smtp://127.0.0.1:${port}`);
    try {
      await enqueueEmail(database.db, { to: 'a@example.com', subject: 'Retry me', text: 'body' }, clock.now());
      await mailer.deliverDue();
      let row = firstRow(await rows(), 'the queued email');
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

      // Not due yet: nothing happens.
      expect(await mailer.deliverDue()).toBe(0);

      const up = await startSmtp({ port });
      try {
        clock.advance(retryDelayMs(1));
        expect(await mailer.deliverDue()).toBe(1);
        row = firstRow(await rows(), 'the queued email');
        expect(row).toMatchObject({ status: 'sent', attempts: 2 });
        expect(up.received.map((m) => m.to[0])).toEqual(['a@example.com']);
      } finally {
        await up.close();
      }
    } finally {
      await mailer.stop();
    }
  });

  it('gives up after MAX_ATTEMPTS refusals and marks the message failed, never deleting it', async () => {
    const smtp = await startSmtp({ fail: true });
    const mailer = mailerFor(`smtp://127.0.0.1:${smtp.port}`);
    try {
      await enqueueEmail(database.db, { to: 'b@example.com', subject: 'Doomed', text: 'body' }, clock.now());
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        expect(await mailer.deliverDue()).toBe(1);
        clock.advance(retryDelayMs(attempt));
      }
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(await mailer.deliverDue()).toBe(0);
    } finally {
      await mailer.stop();
      await smtp.close();
    }
  });

  it('keeps messages in the outbox as logged when no SMTP server is configured', async () => {
    const mailer = mailerFor(null);
    const id = await enqueueEmail(database.db, { to: 'c@example.com', subject: 'Offline', text: 'body' }, clock.now());
    await mailer.deliverDue();
    const row = firstRow(await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)), 'the logged email');
    expect(row.status).toBe('logged');
    expect(row.textBody).toBe('body');
  });

  it('forgets delivered messages past their retention, and keeps pending and failed ones', async () => {
    const day = 24 * 3600 * 1000;
    const old = new Date(clock.now().getTime() - 31 * day);
    const delivered = await enqueueEmail(database.db, { to: 'old@example.com', subject: 'Old', text: 'link' }, old);
    const pending = await enqueueEmail(database.db, { to: 'waiting@example.com', subject: 'Waiting', text: 'link' }, old);
    const failed = await enqueueEmail(database.db, { to: 'bounced@example.com', subject: 'Bounced', text: 'link' }, old);
    const recent = await enqueueEmail(database.db, { to: 'new@example.com', subject: 'New', text: 'link' }, clock.now());
    await database.db.update(outboxEmails).set({ status: 'logged' }).where(inArray(outboxEmails.id, [delivered, recent]));
    await database.db.update(outboxEmails).set({ status: 'failed' }).where(eq(outboxEmails.id, failed));

    expect(await pruneDeliveredEmails(database.db, new Date(clock.now().getTime() - 30 * day))).toBe(1);
    expect((await rows()).map((r) => r.id).sort()).toEqual([pending, failed, recent].sort());
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 s and caps at 2 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(2 * 3600 * 1000);
  });
});
