// Coordinators (issue 18): an admin creates one, who chooses their own password through a
// single-use emailed link (the password-reset machinery), and changes the ZIP codes they serve.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { COORDINATOR_LINK_DAYS, type Coordinator, type CoordinatorList } from '../../../contract/admin';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { coordinatorZipCodes, isOpen, jobs, users } from '../../db/schema';
import { AppError, firstRow, notFound } from '../../errors';
import { listServiceAreas } from '../areas/service-areas';
import { insertUser, issuePasswordLink } from '../auth/auth.service';
import { hashPassword } from '../auth/passwords';
import { newToken, type SessionUser } from '../auth/sessions';
import { enqueueEmail } from '../email/mailer';
import { coordinatorInvitationEmail } from '../email/templates';
import { ADMIN_USER_COLUMNS, toAdminUserSummary } from './admin-users';
import { recordAdminAction } from './audit-log';

/** Every ZIP code must be a service area (active or paused): a coordinator of nowhere helps no one. */
async function requireServiceAreas(ctx: AppContext, zipCodes: readonly string[]): Promise<void> {
  const known = new Set((await listServiceAreas(ctx)).map((a) => a.zipCode));
  const unknown = zipCodes.filter((zip) => !known.has(zip));
  if (unknown.length > 0) {
    const message = `Not a service area: ${unknown.join(', ')}. Add it under Service areas first.`;
    throw new AppError('VALIDATION_FAILED', `zipCodes: ${message}`, { zipCodes: message });
  }
}

/** A username nobody has: the email's name and a random tail (the coordinator signs in by email). */
function coordinatorUsername(email: string): string {
  const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 20) || 'coordinator';
  return `${base}_${newToken().replace(/[^A-Za-z0-9]/g, '').slice(0, 6)}`;
}

async function coordinatorOf(db: Executor, userId: string): Promise<Coordinator> {
  const [row] = await db.select(ADMIN_USER_COLUMNS).from(users).where(eq(users.id, userId));
  if (!row || row.role !== 'coordinator') throw notFound('Coordinator not found');
  const zips = await db.select({ zipCode: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, userId)).orderBy(coordinatorZipCodes.zipCode);
  return { user: toAdminUserSummary(row), zipCodes: zips.map((z) => z.zipCode) };
}

export async function createCoordinator(ctx: AppContext, admin: SessionUser, input: { fullName: string; email: string; zipCodes: string[] }): Promise<Coordinator> {
  await requireServiceAreas(ctx, input.zipCodes);
  const now = ctx.clock.now();
  // A password nobody knows, hashed before the transaction opens: the coordinator chooses theirs by the link.
  const passwordHash = await hashPassword(newToken());
  const created = await ctx.db
    .transaction(async (tx) => {
      const user = await insertUser(tx, { role: 'coordinator', fullName: input.fullName, username: coordinatorUsername(input.email), email: input.email, passwordHash, zipCode: input.zipCodes[0] ?? null }, now);
      await tx.insert(coordinatorZipCodes).values(input.zipCodes.map((zipCode) => ({ coordinatorId: user.id, zipCode })));
      const link = await issuePasswordLink(ctx, tx, user.id, now, COORDINATOR_LINK_DAYS * 24 * 3600);
      await enqueueEmail(tx, coordinatorInvitationEmail(user.email, user.fullName, input.zipCodes, link, COORDINATOR_LINK_DAYS), now);
      await recordAdminAction(tx, {
        actorId: admin.id,
        at: now,
        target: { type: 'user', id: user.id },
        action: 'coordinator.create',
        changes: { fullName: input.fullName, email: input.email, zipCodes: input.zipCodes },
      });
      return coordinatorOf(tx, user.id);
    })
    .catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'EMAIL_TAKEN') throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', { email: 'An account with this email already exists' });
      throw err;
    });
  ctx.mailer.kick();
  return created;
}

/** Replaces the ZIP codes a coordinator serves; the same list again changes and records nothing. */
export async function setCoordinatorZipCodes(ctx: AppContext, admin: SessionUser, coordinatorId: string, zipCodes: string[]): Promise<Coordinator> {
  await coordinatorOf(ctx.db, coordinatorId);
  await requireServiceAreas(ctx, zipCodes);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // The coordinator's row, locked: two changes of one coordinator's areas are decided one after the other.
    firstRow(await tx.select({ id: users.id }).from(users).where(eq(users.id, coordinatorId)).for('update'), 'the coordinator');
    const before = await coordinatorOf(tx, coordinatorId);
    if (before.zipCodes.join() === zipCodes.join()) return before;
    await tx.delete(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, coordinatorId));
    await tx.insert(coordinatorZipCodes).values(zipCodes.map((zipCode) => ({ coordinatorId, zipCode })));
    await recordAdminAction(tx, { actorId: admin.id, at: now, target: { type: 'user', id: coordinatorId }, action: 'coordinator.update', changes: { zipCodes: { from: before.zipCodes, to: zipCodes } } });
    return coordinatorOf(tx, coordinatorId);
  });
}

/** Every coordinator by name, with their ZIP codes, the teens who live there and the open jobs there. */
export async function listCoordinators(db: Executor): Promise<CoordinatorList> {
  const [people, areas] = await Promise.all([
    db.select(ADMIN_USER_COLUMNS).from(users).where(eq(users.role, 'coordinator')).orderBy(asc(users.fullName), asc(users.id)),
    db.select().from(coordinatorZipCodes).orderBy(coordinatorZipCodes.zipCode),
  ]);
  const zips = [...new Set(areas.map((a) => a.zipCode))];
  const [teens, openJobs] = zips.length
    ? await Promise.all([
        db.select({ zipCode: users.zipCode, n: count() }).from(users).where(and(eq(users.role, 'teen'), inArray(users.zipCode, zips))).groupBy(users.zipCode),
        db.select({ zipCode: jobs.zipCode, n: count() }).from(jobs).where(and(isOpen(jobs.status), inArray(jobs.zipCode, zips))).groupBy(jobs.zipCode),
      ])
    : [[], []];
  const byZip = (rows: { zipCode: string | null; n: number }[]) => new Map(rows.map((r) => [r.zipCode, r.n]));
  const [teensIn, openIn] = [byZip(teens), byZip(openJobs)];
  const sumOver = (counts: Map<string | null, number>, zipCodes: string[]) => zipCodes.reduce((sum, zip) => sum + (counts.get(zip) ?? 0), 0);
  return {
    coordinators: people.map((person) => {
      const zipCodes = areas.filter((a) => a.coordinatorId === person.id).map((a) => a.zipCode);
      return { user: toAdminUserSummary(person), zipCodes, teens: sumOver(teensIn, zipCodes), openJobs: sumOver(openIn, zipCodes) };
    }),
  };
}
