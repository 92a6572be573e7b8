// The admins' audit log (issue 18): every admin act writes one row in the act's own transaction, so
// the act and its record commit or roll back together. The table refuses updates and deletes.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditChanges, AuditEntry, AuditLog, AuditTargetType } from '../../../contract/admin';
import type { Executor } from '../../db/client';
import { encodeCursor, olderThan } from '../../db/keyset-cursor';
import { adminAuditLog, users } from '../../db/schema';

export interface AdminAct {
  actorId: string;
  at: Date;
  target: { type: AuditTargetType; id: string };
  action: AuditAction;
  changes: AuditChanges;
}

/** Records an admin's act; `tx` must be the transaction that makes the act. */
export async function recordAdminAction(tx: Executor, act: AdminAct): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: act.actorId,
    createdAt: act.at,
    targetType: act.target.type,
    targetId: act.target.id,
    action: act.action,
    changes: act.changes,
  });
}

export const AUDIT_PAGE_SIZE = 50;

const ENTRY = {
  id: adminAuditLog.id,
  createdAt: adminAuditLog.createdAt,
  actorId: adminAuditLog.actorId,
  actorName: users.fullName,
  targetType: adminAuditLog.targetType,
  targetId: adminAuditLog.targetId,
  action: adminAuditLog.action,
  changes: adminAuditLog.changes,
};

type EntryRow = Awaited<ReturnType<typeof readEntries>>[number];

function toAuditEntry(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: { id: row.actorId, fullName: row.actorName },
    // Written only by recordAdminAction, whose types are the contract's.
    targetType: row.targetType as AuditTargetType,
    targetId: row.targetId,
    action: row.action as AuditAction,
    changes: row.changes,
  };
}

function readEntries(db: Executor, where: SQL[], limit: number) {
  return db
    .select(ENTRY)
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(and(...where))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}

/** The log newest first, filtered by actor, target id and action, a page at a time (keyset cursor). */
export async function listAuditLog(db: Executor, filter: { actor?: string; target?: string; action?: AuditAction; cursor?: string }): Promise<AuditLog> {
  const where: SQL[] = [];
  if (filter.actor) where.push(eq(adminAuditLog.actorId, filter.actor));
  if (filter.target) where.push(eq(adminAuditLog.targetId, filter.target));
  if (filter.action) where.push(eq(adminAuditLog.action, filter.action));
  if (filter.cursor) where.push(olderThan(filter.cursor, adminAuditLog));
  const rows = await readEntries(db, where, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return { entries: page.map(toAuditEntry), nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last) : null };
}

/** The newest acts taken on one target (a person's page). */
export async function auditEntriesOn(db: Executor, targetType: AuditTargetType, targetId: string, limit: number): Promise<AuditEntry[]> {
  const rows = await readEntries(db, [eq(adminAuditLog.targetType, targetType), eq(adminAuditLog.targetId, targetId)], limit);
  return rows.map(toAuditEntry);
}
