import { z } from 'zod';
import { JOB_STATUSES } from './jobs';

/**
 * What a notification is about. Kept as text in the database, so a new kind is one line here
 * and no migration.
 */
export const NOTIFICATION_KINDS = [
  'lock_expiring',
  'job_accepted',
  'job_started',
  'job_completed',
  'job_verified',
  'job_cancelled',
  'job_withdrawn',
  'consent_approved',
  'consent_declined',
  'consent_revoked',
  'consent_request_sent',
  'consent_request_refused',
  /** A parent changed their own limits on the teen's work (issue 21). */
  'work_limits_changed',
  'payment_released',
  'payment_received',
  'payment_refunded',
  'dispute_opened',
  'dispute_resolved',
  /** Progress (issue 16): 'Achievement unlocked: {title}', and a seasonal challenge completed. */
  'achievement_unlocked',
  'challenge_completed',
  /** A review of the user became visible to them (issue 16: both sides wrote, or 7 days passed). */
  'review_received',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_PAGE_SIZE = 30;
/** The sweeper warns a teen this long before their lock runs out (once per lock). */
export const LOCK_EXPIRING_WARNING_SECONDS = 3 * 60;

export const NotificationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The related job, opened from the list; null when the notification is not about one. */
  jobId: z.uuid().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  /** Pass back as `cursor` for older ones; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationUserParamsSchema = z.object({ userId: z.uuid('Unknown user') });
export const NotificationIdParamsSchema = z.object({ id: z.uuid('Notification not found') });
export const ListNotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export const MarkAllReadResponseSchema = z.object({ updated: z.number().int() });

/**
 * The live events `GET /api/events` streams (server-sent events, `event:` is the type). They are
 * signals only: the client refetches what it may see through the ordinary API, so an event never
 * carries anything private (a job signal is its id and status, nothing about who).
 */
export const LiveEventSchema = z.discriminatedUnion('type', [
  /** The user's notifications changed: a new one (its id), or some were marked read (no id). */
  z.object({ type: z.literal('notification'), id: z.uuid().optional() }),
  z.object({ type: z.literal('job'), jobId: z.uuid(), status: z.enum(JOB_STATUSES) }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
