import { and, desc, eq, getTableColumns, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Job, JobList, JobStatus, JobSummary } from '../../../contract/jobs';
import { HIGH_PAY_MIN_DOLLARS, HOMEOWNER_ACTIVE_STATUSES, NEARBY_MAX_MILES, QUICK_MAX_MINUTES } from '../../../contract/jobs';
import { centsToMoney } from '../../../domain/format';
import { decide, effectiveStatus, MESSAGES, type Actor, type Decision, type MachineContext, type Transition } from '../../../domain/job-machine';
import { isServedZip } from '../../../domain/users';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { encodeCursor, olderThan } from '../../db/keyset-cursor';
import { coordinatorZipCodes, jobEvents, jobs } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { zipCentroid } from '../../geo/zip-centroids';
import { hasApprovedConsent } from '../consent/consent.service';
import type { SessionUser } from '../auth/sessions';
import { spentCents } from '../payments/wallet.service';
import { applyJobEffects } from './job-effects';
import { toJobDto, type JobRow, type JobView } from './jobs.mapper';
import type { OpenJobsPage } from './open-jobs-page';

type CreateJobInput = {
  title: string;
  description: string;
  category: JobRow['category'];
  payAmount: number; // cents, validated by the contract
  estimatedDuration: number;
  location: string | null;
  safetyNotes: string | null;
  homeownerId?: string;
  zipCode: string;
  physicalDemands: JobRow['physicalDemands'];
  equipment: string[];
};

export interface ListJobsInput {
  status?: JobStatus[];
  teenId?: string;
  homeownerId?: string;
  coordinatorId?: string;
  category?: JobRow['category'];
  quick: 'all' | 'high_pay' | 'quick' | 'nearby';
  search?: string;
  limit: number;
  cursor?: string;
}

/** The caller as the state machine and the mapper see them. */
interface Viewer {
  user: SessionUser;
  actor: Actor;
  coordinatorZips: string[];
  origin: ReturnType<typeof zipCentroid>;
}

/** Building an Intl.DateTimeFormat costs more than using it, and every request needs one. */
const localTimeFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The last answer per time zone, by UTC minute: every time zone in use is offset by whole minutes,
 * so the answer holds for the whole minute, and formatToParts cost more than the rest of a cached
 * list call's work on its jobs.
 */
const lastLocalMinutes = new Map<string, { minute: number; value: number }>();

/** Minutes since local midnight in the service's time zone (design 5: TIMEZONE decides work hours). */
export function localMinutes(now: Date, timezone: string): number {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastLocalMinutes.get(timezone);
  if (last?.minute === minute) return last.value;
  let format = localTimeFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localTimeFormats.set(timezone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const value = get('hour') * 60 + get('minute');
  lastLocalMinutes.set(timezone, { minute, value });
  return value;
}

export function machineContext(ctx: AppContext): MachineContext {
  const now = ctx.clock.now();
  return { now, localMinutes: localMinutes(now, ctx.config.timezone) };
}

/** Only a coordinator's own ZIP codes are read: the list call of every other role costs no query here. */
async function loadViewer(db: Executor, user: SessionUser): Promise<Viewer> {
  const coordinatorZips =
    user.role === 'coordinator'
      ? (await db.select({ zipCode: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, user.id))).map((r) => r.zipCode)
      : [];
  const actor: Actor =
    user.role === 'teen'
      ? { role: 'teen', id: user.id, consentApproved: user.parentalConsentStatus === 'approved' }
      : user.role === 'coordinator'
        ? { role: 'coordinator', id: user.id, zipCodes: coordinatorZips }
        : { role: user.role, id: user.id };
  return { user, actor, coordinatorZips, origin: zipCentroid(user.zipCode) };
}

/** A job's columns and whether any coordinator serves its ZIP code, read in the same statement. */
const JOB_VIEW = {
  ...getTableColumns(jobs),
  // Spelled out: drizzle writes a column of a one-table query bare ("zip_code"), which inside this
  // subquery would name the subquery's own column.
  coordinatorSupervised: sql<boolean>`exists (select 1 from coordinator_zip_codes c where c.zip_code = "jobs"."zip_code")`,
};

export async function createJob(ctx: AppContext, user: SessionUser, input: CreateJobInput): Promise<Job> {
  if (input.homeownerId && input.homeownerId !== user.id) throw forbidden('You can only post jobs as yourself.');
  if (!isServedZip(input.zipCode, ctx.config.serviceZips)) {
    throw new AppError('ZIP_NOT_SERVED', `Yardly is not available in ${input.zipCode} yet.`, {
      zipCode: 'This ZIP code is outside our service area',
    });
  }
  const now = ctx.clock.now();
  const centroid = zipCentroid(input.zipCode);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(jobs)
      .values({
        homeownerId: user.id,
        title: input.title,
        description: input.description,
        category: input.category,
        payCents: input.payAmount,
        estimatedDuration: input.estimatedDuration,
        location: input.location,
        safetyNotes: input.safetyNotes,
        zipCode: input.zipCode,
        latitude: centroid?.latitude ?? null,
        longitude: centroid?.longitude ?? null,
        physicalDemands: input.physicalDemands,
        equipment: input.equipment,
        status: 'posted',
        createdAt: now,
        updatedAt: now,
      })
      .returning(JOB_VIEW);
    await tx.insert(jobEvents).values({ jobId: created!.id, transition: 'post', fromStatus: null, toStatus: 'posted', actorId: user.id, actorRole: user.role, createdAt: now });
    await applyJobEffects(tx, ctx, { before: null, after: created!, transition: 'post', actor: { role: 'homeowner', id: user.id }, at: now });
    return created!;
  });
  const viewer = await loadViewer(ctx.db, user);
  return toJobDto(row, viewer, machineContext(ctx));
}

/**
 * SQL for "the job's effective status is one of these": an expired lock counts as posted. Open jobs
 * are spelled `status in ('posted', 'locked') and ...` so the planner can use jobs_open_created_idx.
 */
function effectiveStatusIn(statuses: JobStatus[], now: Date): SQL {
  const parts: SQL[] = [];
  const plain = statuses.filter((s) => s !== 'posted' && s !== 'locked');
  if (plain.length) parts.push(inArray(jobs.status, plain));
  const posted = statuses.includes('posted');
  const locked = statuses.includes('locked');
  if (posted || locked) {
    const open = inArray(jobs.status, ['posted', 'locked']);
    if (posted && locked) parts.push(open);
    else if (posted) parts.push(and(open, or(eq(jobs.status, 'posted'), lte(jobs.lockExpiresAt, now)))!);
    else parts.push(and(open, eq(jobs.status, 'locked'), gt(jobs.lockExpiresAt, now))!);
  }
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Great-circle miles from a point to the job's centroid, in SQL (for the 'nearby' filter). */
function milesFrom(origin: { latitude: number; longitude: number }): SQL<number> {
  return sql<number>`(3958.8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${jobs.latitude} - ${origin.latitude}) / 2), 2) +
    cos(radians(${origin.latitude})) * cos(radians(${jobs.latitude})) * power(sin(radians(${jobs.longitude} - ${origin.longitude}) / 2), 2)))))`;
}

/**
 * Design 6: an id in the query must be the caller's own (admins may ask for anyone); teens see other
 * people's jobs only while posted or locked; coordinators see the jobs of their ZIP codes.
 */
function scopeFor(viewer: Viewer, input: ListJobsInput): { where: SQL[]; statuses: JobStatus[] | undefined } {
  const { user } = viewer;
  const where: SQL[] = [];
  let statuses = input.status;
  const isAdmin = user.role === 'admin';
  const own = (id: string | undefined, label: string, alsoAllowed = false) => {
    if (id && id !== user.id && !isAdmin && !alsoAllowed) throw forbidden(`You can only list your own jobs (${label}).`);
  };
  // A coordinator may narrow their area's list to one teen or homeowner (supervision's reads,
  // design 6): the list stays inside their ZIP codes below, so it shows nothing they could not see.
  const supervising = user.role === 'coordinator';
  own(input.teenId, 'teenId', supervising);
  own(input.homeownerId, 'homeownerId', supervising);
  own(input.coordinatorId, 'coordinatorId');

  if (input.teenId) where.push(eq(jobs.teenId, input.teenId));
  if (input.homeownerId) where.push(eq(jobs.homeownerId, input.homeownerId));
  if (input.coordinatorId) {
    const zips = isAdmin && input.coordinatorId !== user.id ? null : viewer.coordinatorZips;
    where.push(zips ? (zips.length ? inArray(jobs.zipCode, zips) : sql`false`) : sql`${jobs.zipCode} in (select zip_code from coordinator_zip_codes where coordinator_id = ${input.coordinatorId})`);
  }

  if (!isAdmin) {
    if (user.role === 'teen' && !input.teenId) {
      statuses ??= ['posted'];
      if (statuses.some((s) => s !== 'posted' && s !== 'locked')) throw forbidden("Teens see other people's jobs only while they are open.");
    }
    if (user.role === 'homeowner' && !input.homeownerId) where.push(eq(jobs.homeownerId, user.id));
    if (user.role === 'homeowner' && (input.teenId || input.coordinatorId)) throw forbidden('Homeowners list their own jobs.');
    if (user.role === 'coordinator' && !input.coordinatorId) {
      where.push(viewer.coordinatorZips.length ? inArray(jobs.zipCode, viewer.coordinatorZips) : sql`false`);
    }
  }
  return { where, statuses };
}


const MAX_VIEWS_PER_PAGE = 64;

/**
 * What a teen's view of open jobs depends on besides the rows and the clock: consent (the lock
 * button), home ZIP code (distances) and the service's local minute (work hours). The teen's id
 * matters only on a job they hold a lock on, so a page with one is shaped for them alone. The rows'
 * effective status cannot change while the page is kept: it is kept only until the next lock runs out.
 */
function viewClass(viewer: Viewer, page: OpenJobsPage, mctx: MachineContext): string | null {
  const { user } = viewer;
  if (user.role !== 'teen' || page.rows.some((row) => row.teenId === user.id)) return null;
  return `${user.parentalConsentStatus === 'approved'}|${user.zipCode}|${mctx.localMinutes}`;
}

/**
 * The first live lock to run out after `now`, in ms: until then no job moves in or out of "open"
 * by itself (an expired lock counts as posted). Infinity when no lock is live.
 */
async function nextLockExpiry(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${jobs.lockExpiresAt})`.mapWith(jobs.lockExpiresAt) })
    .from(jobs)
    .where(and(eq(jobs.status, 'locked'), gt(jobs.lockExpiresAt, now)));
  return row?.at ? row.at.getTime() : Infinity;
}

/** The jobs one list call asks for, read from the database. */
async function readJobsPage(ctx: AppContext, viewer: Viewer, input: ListJobsInput, scope: ReturnType<typeof scopeFor>, now: Date): Promise<OpenJobsPage> {
  const { where, statuses } = scope;
  if (statuses) where.push(effectiveStatusIn(statuses, now));
  if (input.category) where.push(eq(jobs.category, input.category));
  if (input.search) {
    const pattern = `%${escapeLike(input.search)}%`;
    where.push(or(ilike(jobs.title, pattern), ilike(jobs.description, pattern), ilike(jobs.location, pattern))!);
  }
  if (input.quick === 'high_pay') where.push(sql`${jobs.payCents} >= ${HIGH_PAY_MIN_DOLLARS * 100}`);
  if (input.quick === 'quick') where.push(lte(jobs.estimatedDuration, QUICK_MAX_MINUTES));
  if (input.quick === 'nearby') where.push(viewer.origin ? sql`${milesFrom(viewer.origin)} <= ${NEARBY_MAX_MILES}` : sql`false`);
  if (input.cursor) where.push(olderThan(input.cursor, jobs));
  const rows = await ctx.db
    .select(JOB_VIEW)
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(input.limit + 1);
  return { rows: rows.slice(0, input.limit), more: rows.length > input.limit, views: new Map() };
}

function shapeJobs(page: OpenJobsPage, viewer: Viewer, mctx: MachineContext): JobList {
  return {
    jobs: page.rows.map((row) => toJobDto(row, viewer, mctx)),
    nextCursor: page.more ? encodeCursor(page.rows[page.rows.length - 1]!) : null,
  };
}

export async function listJobs(ctx: AppContext, user: SessionUser, input: ListJobsInput): Promise<JobList> {
  const viewer = await loadViewer(ctx.db, user);
  const mctx = machineContext(ctx);
  const scope = scopeFor(viewer, input);
  // A teen's explorer page is the same for every teen (the filter adds nothing about the viewer), so
  // it comes from the process's cache (decision 009); the viewer's fields are computed below.
  const shared = user.role === 'teen' && !input.teenId && !input.homeownerId && !input.coordinatorId && input.quick !== 'nearby';
  if (!shared) return shapeJobs(await readJobsPage(ctx, viewer, input, scope, mctx.now), viewer, mctx);
  const pageKey = JSON.stringify([scope.statuses, input.category, input.quick, input.search, input.limit, input.cursor]);
  const page = await ctx.caches.openJobs.read(pageKey, mctx.now, async () => {
    const [value, validUntil] = await Promise.all([readJobsPage(ctx, viewer, input, scope, mctx.now), nextLockExpiry(ctx.db, mctx.now)]);
    return { value, validUntil };
  });
  const key = viewClass(viewer, page, mctx);
  if (key === null) return shapeJobs(page, viewer, mctx);
  // The same object for every teen of the class, so its JSON is written once too (fast-serializer.ts).
  let list = page.views.get(key);
  if (!list) {
    if (page.views.size >= MAX_VIEWS_PER_PAGE) page.views.clear();
    list = shapeJobs(page, viewer, mctx);
    page.views.set(key, list);
  }
  return list;
}

function canSee(viewer: Viewer, row: JobRow, now: Date): boolean {
  const { user } = viewer;
  switch (user.role) {
    case 'admin':
      return true;
    case 'homeowner':
      return row.homeownerId === user.id;
    case 'coordinator':
      return viewer.coordinatorZips.includes(row.zipCode);
    case 'teen': {
      if (row.teenId === user.id && row.status !== 'locked') return true;
      const status = effectiveStatus(row, now);
      return status === 'posted' || status === 'locked';
    }
  }
}

/**
 * The reads that start every command, built by drizzle once per executor and prepared: building the
 * job read (its columns and the supervised subquery) took a quarter of a refused lock attempt.
 */
const commandReads = new WeakMap<Executor, ReturnType<typeof buildCommandReads>>();

function buildCommandReads(db: Executor) {
  const jobId = sql.placeholder('jobId');
  return {
    byId: db.select(JOB_VIEW).from(jobs).where(eq(jobs.id, jobId)).prepare('jobs_view_by_id'),
    /** `accept` may lock, and a new lock depends on the caller's other locks: one read gets both. */
    withOwnLocks: db
      .select(JOB_VIEW)
      .from(jobs)
      .where(or(eq(jobs.id, jobId), and(eq(jobs.teenId, sql.placeholder('teenId')), eq(jobs.status, 'locked'))))
      .prepare('jobs_view_by_id_with_own_locks'),
  };
}

function readsOn(db: Executor): ReturnType<typeof buildCommandReads> {
  let reads = commandReads.get(db);
  if (!reads) {
    reads = buildCommandReads(db);
    commandReads.set(db, reads);
  }
  return reads;
}

async function findJobRow(db: Executor, id: string): Promise<JobView | null> {
  const [row] = await readsOn(db).byId.execute({ jobId: id });
  return row ?? null;
}

export async function getJob(ctx: AppContext, user: SessionUser, id: string): Promise<Job> {
  const viewer = await loadViewer(ctx.db, user);
  let row = await findJobRow(ctx.db, id);
  const mctx = machineContext(ctx);
  if (!row || !canSee(viewer, row, mctx.now)) throw notFound('Job not found');
  // Lazy expiry (design 5): a read that finds a run-out lock writes the release.
  if (effectiveStatus(row, mctx.now) !== row.status) row = (await expireLock(ctx, row)) ?? (await findJobRow(ctx.db, id))!;
  return toJobDto(row, viewer, mctx);
}

type Allowed = Extract<Decision, { ok: true }>;
const SYSTEM: Actor = { role: 'system' };

const lockHeld = () => new AppError('LOCK_HELD', 'You already have a job locked. Accept or release it before locking another.');
const jobTaken = () => new AppError('JOB_NOT_AVAILABLE', MESSAGES.taken);

/** The machine's yes, or its refusal as the error the caller sees. */
function requireAllowed(row: JobRow, transition: Transition, actor: Actor, mctx: MachineContext): Allowed {
  const decision = decide(row, transition, actor, mctx);
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  return decision;
}

/**
 * Every change of a job's status: what the machine allowed, as one conditional UPDATE, its event row
 * and its effects, in the caller's transaction.
 */
async function applyTransition(ctx: AppContext, tx: Executor, row: JobView, decision: Allowed, actor: Actor, mctx: MachineContext): Promise<JobView> {
  const { transition, guard, patch } = decision;
  const conditions: SQL[] = [eq(jobs.id, row.id), eq(jobs.status, guard.status)];
  if (guard.teenId) conditions.push(eq(jobs.teenId, guard.teenId));
  if (guard.lock === 'live') conditions.push(gt(jobs.lockExpiresAt, mctx.now));
  if (guard.lock === 'expired') conditions.push(lte(jobs.lockExpiresAt, mctx.now));
  const [updated] = await tx
    .update(jobs)
    .set({ status: decision.to, ...patch, updatedAt: mctx.now })
    .where(and(...conditions))
    .returning();
  if (!updated) {
    // Someone else changed the job between our read and our write: they won.
    throw transition === 'lock' || transition === 'finalize' ? jobTaken() : new AppError('CONFLICT', 'This job just changed. Refresh and try again.');
  }
  await tx.insert(jobEvents).values({
    jobId: row.id,
    transition,
    fromStatus: decision.from,
    toStatus: decision.to,
    actorId: actor.role === 'system' ? null : actor.id,
    actorRole: actor.role,
    createdAt: mctx.now,
  });
  await applyJobEffects(tx, ctx, { before: row, after: updated, transition, actor, at: mctx.now });
  // No transition moves a job to another ZIP code.
  return { ...updated, coordinatorSupervised: row.coordinatorSupervised };
}

/** Releases a run-out lock as the system, in the caller's transaction; null when it is not due or someone else already did. */
async function releaseExpiredLock(ctx: AppContext, tx: Executor, row: JobView, mctx: MachineContext): Promise<JobView | null> {
  const decision = decide(row, 'expire', SYSTEM, mctx);
  if (!decision.ok) return null;
  try {
    return await applyTransition(ctx, tx, row, decision, SYSTEM, mctx);
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return null;
    throw err;
  }
}

/** Lazy expiry (design 5): releases `row`'s lock if it has run out; null when there was nothing to do. */
async function expireLock(ctx: AppContext, row: JobView): Promise<JobView | null> {
  const mctx = machineContext(ctx);
  if (!decide(row, 'expire', SYSTEM, mctx).ok) return null;
  return ctx.db.transaction((tx) => releaseExpiredLock(ctx, tx, row, mctx));
}

/** The sweeper's half of lock expiry: releases every run-out lock. */
export async function expireLocks(ctx: AppContext, batch = 500): Promise<number> {
  const due = await ctx.db
    .select(JOB_VIEW)
    .from(jobs)
    .where(and(eq(jobs.status, 'locked'), lte(jobs.lockExpiresAt, ctx.clock.now())))
    .limit(batch);
  let released = 0;
  for (const row of due) if (await expireLock(ctx, row)) released++;
  return released;
}

export type JobCommand = 'accept' | 'finalize' | 'release' | 'start' | 'complete' | 'verify' | 'cancel' | 'withdraw' | 'pay';

/**
 * This process's job changes in flight, by job, each settling to the row it committed (null when it
 * failed). A command on a job waits for the change in flight on it and decides on the row that
 * change committed, as fresh as a read. When a hundred teens lock one job at once, one transaction
 * runs and the others are refused without one, instead of a hundred transactions queueing for the
 * pool and then for the row's lock only to find it taken. Nothing here decides anything: the
 * conditional UPDATE still does, across processes too, so no other process needs this (design 8).
 */
const changesInFlight = new WeakMap<AppContext, Map<string, Promise<JobView | null>>>();

function inFlightOf(ctx: AppContext): Map<string, Promise<JobView | null>> {
  let inFlight = changesInFlight.get(ctx);
  if (!inFlight) {
    inFlight = new Map();
    changesInFlight.set(ctx, inFlight);
  }
  return inFlight;
}

/** `db` may be an open transaction (an idempotent call records its answer in the same one). */
export async function runJobCommand(ctx: AppContext, user: SessionUser, jobId: string, command: JobCommand, teenId?: string, db: Executor = ctx.db): Promise<Job> {
  if (teenId && teenId !== user.id) throw forbidden('You can only act for yourself.');
  const viewer = await loadViewer(db, user);
  // Inside a caller's transaction the call cannot wait its turn: it may hold locks the change in flight needs.
  const inFlight = db === ctx.db ? inFlightOf(ctx) : null;
  /** The job, and for `accept` the caller's locks: a new lock depends on them. Null: read them. */
  let rows: JobView[] | null = null;
  for (;;) {
    const busy = inFlight?.get(jobId);
    if (busy) {
      const committed = await busy;
      rows = committed && rows ? [committed, ...rows.filter((r) => r.id !== jobId)] : null;
      continue;
    }
    const mctx = machineContext(ctx);
    if (!rows) {
      const reads = readsOn(db);
      rows = command === 'accept' ? await reads.withOwnLocks.execute({ jobId, teenId: user.id }) : await reads.byId.execute({ jobId });
    }
    const row = rows.find((r) => r.id === jobId);
    if (!row) throw notFound('Job not found');
    if (!canSee(viewer, row, mctx.now)) {
      // A teen who saw the job open and reaches for it after another teen took it is told so (spec 8),
      // which says no more than that it is gone; any other unseen job does not exist for the caller.
      throw viewer.actor.role === 'teen' && (command === 'accept' || command === 'finalize') ? jobTaken() : notFound('Job not found');
    }
    // Spec 7: accept locks a posted job, and accepts a job the caller has locked.
    const transition: Transition =
      command === 'accept' ? (row.status === 'locked' && row.teenId === user.id && row.lockExpiresAt && row.lockExpiresAt > mctx.now ? 'finalize' : 'lock') : command;
    // Decided before a transaction opens, so a refusal costs no further round trip.
    const decision = requireAllowed(row, transition, viewer.actor, mctx);
    const otherLocks = transition === 'lock' ? rows.filter((r) => r.id !== jobId) : [];
    if (otherLocks.some((r) => effectiveStatus(r, mctx.now) === 'locked')) throw lockHeld();
    // A change began while this read was under way: its outcome decides ours.
    if (inFlight?.has(jobId)) continue;
    const change = applyCommand(ctx, db, { user, viewer, row, transition, decision, otherLocks, mctx });
    if (inFlight) {
      const settled = change.then(
        (updated) => updated,
        () => null,
      );
      inFlight.set(jobId, settled);
      void settled.then(() => inFlight.delete(jobId));
    }
    return toJobDto(await change, viewer, mctx);
  }
}

interface Command {
  user: SessionUser;
  viewer: Viewer;
  row: JobView;
  transition: Transition;
  decision: Allowed;
  otherLocks: JobView[];
  mctx: MachineContext;
}

async function applyCommand(ctx: AppContext, db: Executor, { user, viewer, row, transition, decision, otherLocks, mctx }: Command): Promise<JobView> {
  try {
    return await db.transaction(async (tx) => {
      // A parent's revocation takes effect at once: consent is read again here (share-locked), not trusted from the session.
      if (viewer.actor.role === 'teen' && viewer.actor.consentApproved && !(await hasApprovedConsent(tx, user.id))) {
        requireAllowed(row, transition, { ...viewer.actor, consentApproved: false }, mctx);
      }
      // The teen's run-out locks go first, so that only a live lock blocks a new one.
      for (const stale of otherLocks) await releaseExpiredLock(ctx, tx, stale, mctx);
      if (transition === 'lock' && row.status === 'locked') {
        // Taking over a lock that ran out but was not yet swept: its expiry is recorded as its own
        // event first, so the previous teen's lost lock is on the record (and told), then the lock
        // is taken from posted. Null: another request changed the job first and won.
        const released = await releaseExpiredLock(ctx, tx, row, mctx);
        if (!released) throw jobTaken();
        return applyTransition(ctx, tx, released, requireAllowed(released, 'lock', viewer.actor, mctx), viewer.actor, mctx);
      }
      return applyTransition(ctx, tx, row, decision, viewer.actor, mctx);
    });
  } catch (err) {
    // The partial unique index settles a race between two of the teen's own requests.
    if (transition === 'lock' && isUniqueViolation(err)) throw lockHeld();
    throw err;
  }
}

/**
 * One transition of one job inside the caller's transaction, for modules that drive their own
 * (disputes, automatic payment release): the same machine and conditional UPDATE as every command.
 */
export async function transitionJob(ctx: AppContext, tx: Executor, by: SessionUser | 'system', jobId: string, transition: Transition): Promise<JobView> {
  const mctx = machineContext(ctx);
  const row = await findJobRow(tx, jobId);
  const viewer = by === 'system' ? null : await loadViewer(tx, by);
  if (!row || (viewer && !canSee(viewer, row, mctx.now))) throw notFound('Job not found');
  const actor = viewer?.actor ?? SYSTEM;
  return applyTransition(ctx, tx, row, requireAllowed(row, transition, actor, mctx), actor, mctx);
}

export async function summarizeHomeownerJobs(ctx: AppContext, homeownerId: string): Promise<JobSummary> {
  const [row] = await ctx.db
    .select({
      jobsPosted: sql<number>`count(*)::int`,
      activeJobs: sql<number>`(count(*) filter (where ${inArray(jobs.status, [...HOMEOWNER_ACTIVE_STATUSES])}))::int`,
      inProgress: sql<number>`(count(*) filter (where ${jobs.status} = 'in_progress'))::int`,
    })
    .from(jobs)
    .where(eq(jobs.homeownerId, homeownerId));
  return {
    jobsPosted: row?.jobsPosted ?? 0,
    totalSpent: centsToMoney(await spentCents(ctx.db, homeownerId)),
    activeJobs: row?.activeJobs ?? 0,
    inProgress: row?.inProgress ?? 0,
  };
}
