import { and, count, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Notification, NotificationKind, NotificationList } from '../../../contract/notifications';
import { canActAs, canReadUser } from '../../../domain/access';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { encodeCursor, olderThan } from '../../db/keyset-cursor';
import { notifications, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { enqueueEmail } from '../email/mailer';
import { notificationEmail } from '../email/templates';
import { publishLiveEvent } from '../events/live-events';

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The job it is about; the list opens it. */
  jobId?: string | null;
  /** Also email it to the user (important events only); the outbox row commits with the notification. */
  email?: boolean;
  /** A notification that may be raised more than once (a sweep, a retry) lands once per user and key. */
  dedupeKey?: string;
}

type NotificationRow = typeof notifications.$inferSelect;

function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    jobId: row.jobId,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Records a notification for one user inside the caller's transaction, emails it when asked (through
 * the outbox, in the same transaction) and signals the user's open streams once the transaction
 * commits. Nothing is lost: a rollback takes the notification, the email and the signal with it.
 * Returns null when `dedupeKey` was already used for this user.
 */
export async function notify(tx: Executor, ctx: AppContext, input: NotificationInput): Promise<Notification | null> {
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      jobId: input.jobId ?? null,
      dedupeKey: input.dedupeKey ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning();
  if (!row) return null;
  if (input.email) {
    const [recipient] = await tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, input.userId));
    if (recipient) {
      const path = input.jobId ? `/job/${input.jobId}` : '/notifications';
      await enqueueEmail(tx, notificationEmail(recipient.email, recipient.fullName, input.title, input.body, `${ctx.config.publicUrl}${path}`), now);
    }
  }
  await publishLiveEvent(tx, { userIds: [input.userId] }, { type: 'notification', id: row.id });
  return toNotificationDto(row);
}

/** Design 6: a user's notifications are theirs; an admin may read anyone's. */
function requireReader(user: SessionUser, userId: string): void {
  if (!canReadUser(user, userId)) throw forbidden('You can only see your own notifications.');
}

/** Marking read is the owner's alone: an admin reading a list must not clear someone's bell. */
function requireOwner(user: SessionUser, userId: string): void {
  if (!canActAs(user, userId)) throw forbidden('You can only change your own notifications.');
}

/** Newest first, paged by (created_at, id), with the count of unread ones for the bell. */
export async function listNotifications(ctx: AppContext, user: SessionUser, userId: string, page: { limit: number; cursor?: string }): Promise<NotificationList> {
  requireReader(user, userId);
  const where = [eq(notifications.userId, userId)];
  if (page.cursor) where.push(olderThan(page.cursor, notifications));
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    notifications: shown.map(toNotificationDto),
    unreadCount: unread?.n ?? 0,
    nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
  };
}

/** Marks one of the caller's notifications read; someone else's answers 404, so ids cannot be probed. */
export async function markNotificationRead(ctx: AppContext, user: SessionUser, id: string): Promise<Notification> {
  const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, id));
  if (!row || !canActAs(user, row.userId)) throw notFound('Notification not found');
  if (row.readAt) return toNotificationDto(row);
  const updated = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(notifications)
      .set({ readAt: ctx.clock.now() })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)))
      .returning();
    // The owner's other tabs and devices clear their bell too.
    if (changed) await publishLiveEvent(tx, { userIds: [user.id] }, { type: 'notification' });
    return changed;
  });
  // A concurrent mark won: the row is read either way.
  return toNotificationDto(updated ?? { ...row, readAt: ctx.clock.now() });
}

export async function markAllNotificationsRead(ctx: AppContext, user: SessionUser, userId: string): Promise<number> {
  requireOwner(user, userId);
  return ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: ctx.clock.now() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length) await publishLiveEvent(tx, { userIds: [userId] }, { type: 'notification' });
    return updated.length;
  });
}

/** Forgets notifications read before `readBefore`; unread ones stay however old they are. */
export async function pruneReadNotifications(db: Executor, readBefore: Date): Promise<number> {
  const deleted = await db.delete(notifications).where(lte(notifications.readAt, readBefore)).returning({ id: notifications.id });
  return deleted.length;
}
