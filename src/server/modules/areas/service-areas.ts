// The ZIP codes the service runs in (issue 18): the one answer to "is this ZIP served", read by
// sign-up and posting, and the admins' list, additions and pauses of them.
import { asc, eq, sql } from 'drizzle-orm';
import type { ServiceArea } from '../../../contract/admin';
import { isServedZip } from '../../../domain/users';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { coordinatorZipCodes, isOpen, jobs, serviceAreas } from '../../db/schema';
import { AppError, firstRow, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { recordAdminAction } from '../admin/audit-log';

/**
 * The first time the server asks and finds no area at all, the configured SERVICE_ZIPS become the
 * service areas; from then on the table is the truth and the variable is not read again (areas are
 * paused, never deleted, so the table is empty only before that). Asked where the areas are read
 * rather than at start, so every way of building the app (start, tests, benchmarks) has them.
 * Two processes seeding at once both insert, and the key keeps one of each.
 */
async function seedIfEmpty(ctx: AppContext, db: Executor, rows: readonly unknown[]): Promise<boolean> {
  if (rows.length > 0 || ctx.config.serviceZips.length === 0) return false;
  const now = ctx.clock.now();
  await db
    .insert(serviceAreas)
    .values(ctx.config.serviceZips.map((zipCode) => ({ zipCode, name: `ZIP code ${zipCode}`, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  return true;
}

/** The active service areas' ZIP codes, in order: where people may sign up and post. */
export async function servedZips(ctx: AppContext, db: Executor = ctx.db): Promise<string[]> {
  const read = () => db.select({ zipCode: serviceAreas.zipCode, active: serviceAreas.active }).from(serviceAreas).orderBy(asc(serviceAreas.zipCode));
  let rows = await read();
  if (await seedIfEmpty(ctx, db, rows)) rows = await read();
  return rows.filter((r) => r.active).map((r) => r.zipCode);
}

/**
 * Where a person may live on Yardly (sign-up, Edit Profile): an active area's ZIP code, or a 400
 * naming zipCode that lists the ones served.
 */
export async function requireServedHomeZip(ctx: AppContext, zipCode: string): Promise<void> {
  const served = await servedZips(ctx);
  if (isServedZip(zipCode, served)) return;
  throw new AppError('ZIP_NOT_SERVED', `Yardly is not available in ${zipCode} yet. We currently serve ZIP codes ${served.join(', ')}.`, {
    zipCode: 'This ZIP code is outside our service area',
  });
}

/** Every area with its open jobs and coordinators counted. */
export async function listServiceAreas(ctx: AppContext): Promise<ServiceArea[]> {
  const areas = await readAreas(ctx.db);
  return (await seedIfEmpty(ctx, ctx.db, areas)) ? readAreas(ctx.db) : areas;
}

/** The areas, or the one of `zipCode`, with its open jobs and coordinators counted. */
async function readAreas(db: Executor, zipCode?: string): Promise<ServiceArea[]> {
  // Written out with their tables: a one-table select names its columns bare, and a bare zip_code in
  // the subqueries would be the inner table's own, not the area's.
  const zipOf = (table: typeof jobs | typeof coordinatorZipCodes | typeof serviceAreas) => sql`${table}.${sql.identifier('zip_code')}`;
  const openJobs = sql<number>`(select count(*)::int from ${jobs} where ${zipOf(jobs)} = ${zipOf(serviceAreas)} and ${isOpen(jobs.status)})`;
  const coordinators = sql<number>`(select count(*)::int from ${coordinatorZipCodes} where ${zipOf(coordinatorZipCodes)} = ${zipOf(serviceAreas)})`;
  const rows = await db
    .select({ zipCode: serviceAreas.zipCode, name: serviceAreas.name, active: serviceAreas.active, createdAt: serviceAreas.createdAt, openJobs, coordinators })
    .from(serviceAreas)
    .where(zipCode === undefined ? undefined : eq(serviceAreas.zipCode, zipCode))
    .orderBy(asc(serviceAreas.zipCode));
  return rows.map((r) => ({ ...r, needsCoordinator: r.openJobs > 0 && r.coordinators === 0, createdAt: r.createdAt.toISOString() }));
}

async function getServiceArea(db: Executor, zipCode: string): Promise<ServiceArea> {
  const [area] = await readAreas(db, zipCode);
  if (!area) throw notFound('Service area not found');
  return area;
}

export async function addServiceArea(ctx: AppContext, admin: SessionUser, input: { zipCode: string; name: string }): Promise<ServiceArea> {
  const now = ctx.clock.now();
  const taken = () => new AppError('CONFLICT', `${input.zipCode} is already a service area.`, { zipCode: 'This ZIP code is already a service area' });
  try {
    return await ctx.db.transaction(async (tx) => {
      const added = await tx.insert(serviceAreas).values({ zipCode: input.zipCode, name: input.name, createdAt: now, updatedAt: now }).onConflictDoNothing().returning();
      if (added.length === 0) throw taken();
      await recordAdminAction(tx, { actorId: admin.id, at: now, target: { type: 'service_area', id: input.zipCode }, action: 'service_area.add', changes: { name: input.name, active: true } });
      return getServiceArea(tx, input.zipCode);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Pauses or resumes an area; asking for what it already is changes and records nothing. */
export async function setServiceAreaActive(ctx: AppContext, admin: SessionUser, zipCode: string, active: boolean): Promise<ServiceArea> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [area] = await tx.select().from(serviceAreas).where(eq(serviceAreas.zipCode, zipCode)).for('update');
    if (!area) throw notFound('Service area not found');
    if (area.active !== active) {
      firstRow(await tx.update(serviceAreas).set({ active, updatedAt: now }).where(eq(serviceAreas.zipCode, zipCode)).returning(), 'the area being changed');
      await recordAdminAction(tx, { actorId: admin.id, at: now, target: { type: 'service_area', id: zipCode }, action: 'service_area.update', changes: { active: { from: area.active, to: active } } });
    }
    return getServiceArea(tx, zipCode);
  });
}
