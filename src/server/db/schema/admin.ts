import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditChanges } from '../../../contract/admin';
import { createdAt, newestFirst } from './columns';
import { users } from './users';

/**
 * Every act of an admin (issue 18), written in the transaction of the act by recordAdminAction.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0016), and the actor's
 * foreign key has no cascade, so an account that acted cannot be deleted out from under its record.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** What was acted on: a user, job, dispute, service area or email, by its id (a ZIP code for an area). */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    action: text('action').notNull(),
    /** The values the act changed, each `{from, to}`, or what the act carried (a reason, an outcome). */
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
  },
  (t) => [
    // Newest first, by itself and filtered by actor, target or action (GET /api/admin/audit-log).
    index('admin_audit_log_created_idx').on(...newestFirst(t)),
    index('admin_audit_log_actor_idx').on(t.actorId, ...newestFirst(t)),
    index('admin_audit_log_target_idx').on(t.targetId, ...newestFirst(t)),
    index('admin_audit_log_action_idx').on(t.action, ...newestFirst(t)),
  ],
);

/**
 * The ZIP codes the service runs in (issue 18): seeded from SERVICE_ZIPS on the first start only,
 * then the admins' to add and pause. A paused area refuses sign-up and posting; its jobs go on.
 */
export const serviceAreas = pgTable(
  'service_areas',
  {
    zipCode: text('zip_code').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('service_areas_zip_code_format', sql`${t.zipCode} ~ '^[0-9]{5}$'`)],
);
