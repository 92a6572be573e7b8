import type { Job } from '../../../contract/jobs';
import { canActAs, canActOnJob } from '../../../domain/access';
import { effectiveStatus, type LockEnd, type MachineContext, type Transition } from '../../../domain/job-machine';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { hasApprovedConsent } from '../consent/consent.service';
import { findLockEnd, readsOn } from './job-reads';
import { applyTransition, jobTaken, lockHeld, releaseExpiredLock, requireAllowed, type Allowed } from './job-transitions';
import { loadViewer, machineContext, needsTeenWork, withTeenWork, type JobViewer } from './job-viewer';
import { toJobDto, type JobView } from './jobs.mapper';

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
  if (teenId && !canActAs(user, teenId)) throw forbidden('You can only act for yourself.');
  let viewer = await loadViewer(db, user);
  // Inside a caller's transaction the call cannot wait its turn: it may hold locks the change in flight needs.
  const inFlight = db === ctx.db ? inFlightOf(ctx) : null;
  /** The job, and for `accept` the caller's locks: a new lock depends on them. Null: read them. */
  let rows: JobView[] | null = null;
  /** For `accept`, when the caller's last lock on the job ended (the lock cooldown). Undefined: read it. */
  let lockEnded: LockEnd | null | undefined;
  for (;;) {
    const busy = inFlight?.get(jobId);
    if (busy) {
      const committed = await busy;
      rows = committed && rows ? [committed, ...rows.filter((r) => r.id !== jobId)] : null;
      // A change that freed the job may have been the caller's own release: its end is read again.
      if (committed?.teenId === null) lockEnded = undefined;
      continue;
    }
    const base = machineContext(ctx);
    if (!rows || (command === 'accept' && lockEnded === undefined)) {
      const reads = readsOn(db);
      // In parallel: the lock cooldown costs one indexed read and no round trip of its own.
      [rows, lockEnded] = await Promise.all([
        rows ?? (command === 'accept' ? reads.withOwnLocks.execute({ jobId, teenId: user.id }) : reads.byId.execute({ jobId })),
        command !== 'accept' ? null : lockEnded !== undefined ? lockEnded : findLockEnd(db, jobId, user.id, base.now),
      ]);
    }
    const mctx: MachineContext = { ...base, lockEnded };
    const row = rows.find((r) => r.id === jobId);
    if (!row) throw notFound('Job not found');
    if (!canActOnJob(viewer, row, mctx.now)) {
      // A teen who saw the job open and reaches for it after another teen took it is told so (spec 8),
      // which says no more than that it is gone; any other job the caller does not see whole does not
      // exist for them (another teen's accepted job shows its public face, but is not theirs to act on).
      throw viewer.actor.role === 'teen' && (command === 'accept' || command === 'finalize') ? jobTaken() : notFound('Job not found');
    }
    // Spec 7: accept locks a posted job, and accepts a job the caller has locked.
    const transition: Transition =
      command === 'accept' ? (row.status === 'locked' && row.teenId === user.id && row.lockExpiresAt && row.lockExpiresAt > mctx.now ? 'finalize' : 'lock') : command;
    // An accept and a start count the teen's hours: read once they are about to be decided (a lock,
    // the hot race, decides without them).
    if ((transition === 'finalize' || transition === 'start') && needsTeenWork(viewer, [row], mctx.now)) viewer = await withTeenWork(ctx, db, viewer, mctx.now);
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
    // The teen who just let the job go is shown the lock they cannot take back yet.
    const shownAt: MachineContext = transition === 'release' ? { ...mctx, lockEnded: { at: mctx.now, how: 'release' } } : mctx;
    const changed = await change;
    // A new lock is shown with its accept, which the teen's hours decide.
    const shownTo = needsTeenWork(viewer, [changed], mctx.now) ? await withTeenWork(ctx, db, viewer, mctx.now) : viewer;
    return toJobDto(changed, shownTo, shownAt);
  }
}

interface Command {
  user: SessionUser;
  viewer: JobViewer;
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
