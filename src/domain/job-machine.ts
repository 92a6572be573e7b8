import type { ErrorCode } from '../contract/errors';
import { LOCK_SECONDS } from '../contract/constants';
import { WORK_DAY_END_HOUR, WORK_DAY_START_HOUR, type JobStatus } from '../contract/job-constants';
import { AUTO_RELEASE_HOURS } from '../contract/payments';

/** Design 5: every change of a job's status is one of these. */
export const TRANSITIONS = [
  'lock',
  'finalize',
  'release',
  'expire',
  'start',
  'complete',
  'verify',
  'cancel',
  'withdraw',
  'pay',
  'dispute',
  'award',
  'refund',
] as const;
export type Transition = (typeof TRANSITIONS)[number];

export type Actor =
  | { role: 'teen'; id: string; consentApproved: boolean }
  | { role: 'homeowner'; id: string }
  | { role: 'coordinator'; id: string; zipCodes: readonly string[] }
  | { role: 'admin'; id: string }
  | { role: 'system' };

export interface JobFacts {
  status: JobStatus;
  teenId: string | null;
  homeownerId: string;
  zipCode: string;
  lockExpiresAt: Date | null;
  verifiedAt: Date | null;
}

export interface MachineContext {
  now: Date;
  /** Minutes since midnight in the service's time zone (TIMEZONE). */
  localMinutes: number;
}

/** What the conditional UPDATE must still find, so a racing request cannot also win. */
export interface Guard {
  status: JobStatus;
  teenId?: string;
  lock?: 'live' | 'expired';
}

/** The columns a transition sets besides `status`. */
export interface JobPatch {
  teenId?: string | null;
  lockExpiresAt?: Date | null;
  acceptedAt?: Date | null;
  startedAt?: Date;
  completedAt?: Date;
  verifiedAt?: Date;
  cancelledAt?: Date;
}

export type Decision =
  | { ok: true; transition: Transition; from: JobStatus; to: JobStatus; guard: Guard; patch: JobPatch }
  | { ok: false; code: ErrorCode; message: string };

export const MESSAGES = {
  taken: 'This job may have already been taken. Please try another.',
  consent: 'You need parental consent before accepting jobs.',
  lockExpired: 'Your lock on this job expired. Lock it again if it is still available.',
  alreadyLocked: 'You already locked this job.',
  notYourJob: 'This job is not assigned to you.',
  workHours: 'Work can only start between 6 AM and 8 PM.',
  awaitingVerification: 'Payment can be released once a coordinator has verified the work.',
  areaOnly: "Only the coordinator of this job's area can do this.",
} as const;

function isLockLive(job: JobFacts, now: Date): boolean {
  return job.lockExpiresAt !== null && job.lockExpiresAt.getTime() > now.getTime();
}

/** A lock that has run out is a posted job, whether or not the sweeper has written it yet. */
export function effectiveStatus(job: JobFacts, now: Date): JobStatus {
  return job.status === 'locked' && !isLockLive(job, now) ? 'posted' : job.status;
}

/** Seconds left on a live lock, 0 when none (the countdown of spec 4). */
export function lockSecondsLeft(job: Pick<JobFacts, 'lockExpiresAt'>, now: Date): number {
  if (!job.lockExpiresAt) return 0;
  return Math.max(0, Math.ceil((job.lockExpiresAt.getTime() - now.getTime()) / 1000));
}

/** Design 5: an unreleased payment is released by the system this long after verification. */
export function isAutoReleaseDue(job: Pick<JobFacts, 'status' | 'verifiedAt'>, now: Date): boolean {
  return job.status === 'verified' && job.verifiedAt !== null && now.getTime() - job.verifiedAt.getTime() >= AUTO_RELEASE_HOURS * 3600_000;
}

/** Design 5 / spec 9: work starts only between 6 AM and 8 PM local time. */
export function isWithinWorkHours(localMinutes: number): boolean {
  return localMinutes >= WORK_DAY_START_HOUR * 60 && localMinutes < WORK_DAY_END_HOUR * 60;
}

const refuse = (code: ErrorCode, message: string): Decision => ({ ok: false, code, message });
const allow = (transition: Transition, from: JobStatus, to: JobStatus, guard: Omit<Guard, 'status'>, patch: JobPatch): Decision => ({
  ok: true,
  transition,
  from,
  to,
  guard: { status: from, ...guard },
  patch,
});

/** Whether `actor` may apply `transition` to `job` now, and if so, exactly what changes. */
export function decide(job: JobFacts, transition: Transition, actor: Actor, ctx: MachineContext): Decision {
  const { now } = ctx;
  const effective = effectiveStatus(job, now);
  const isAssignedTeen = actor.role === 'teen' && job.teenId === actor.id;
  const isOwner = actor.role === 'homeowner' && actor.id === job.homeownerId;
  const isAreaCoordinator = actor.role === 'coordinator' && actor.zipCodes.includes(job.zipCode);
  const supervises = actor.role === 'admin' || isAreaCoordinator;

  switch (transition) {
    case 'lock': {
      if (actor.role !== 'teen') return refuse('FORBIDDEN', 'Only teens can lock jobs.');
      if (!actor.consentApproved) return refuse('CONSENT_REQUIRED', MESSAGES.consent);
      if (effective === 'locked' && isAssignedTeen) return refuse('INVALID_TRANSITION', MESSAGES.alreadyLocked);
      if (effective !== 'posted') return refuse('JOB_NOT_AVAILABLE', MESSAGES.taken);
      return allow('lock', job.status, 'locked', job.status === 'locked' ? { lock: 'expired' } : {}, {
        teenId: actor.id,
        lockExpiresAt: new Date(now.getTime() + LOCK_SECONDS * 1000),
      });
    }
    case 'finalize': {
      if (actor.role !== 'teen') return refuse('FORBIDDEN', 'Only teens can accept jobs.');
      if (!actor.consentApproved) return refuse('CONSENT_REQUIRED', MESSAGES.consent);
      if (job.status === 'locked' && isAssignedTeen && !isLockLive(job, now)) return refuse('LOCK_EXPIRED', MESSAGES.lockExpired);
      if (effective !== 'locked' || !isAssignedTeen) return refuse('JOB_NOT_AVAILABLE', MESSAGES.taken);
      return allow('finalize', 'locked', 'accepted', { teenId: actor.id, lock: 'live' }, { lockExpiresAt: null, acceptedAt: now });
    }
    case 'release': {
      if (actor.role !== 'teen') return refuse('FORBIDDEN', 'Only the teen holding the lock can release it.');
      if (job.status !== 'locked' || !isAssignedTeen) return refuse('INVALID_TRANSITION', 'You do not hold a lock on this job.');
      return allow('release', 'locked', 'posted', { teenId: actor.id }, { teenId: null, lockExpiresAt: null });
    }
    case 'expire': {
      if (actor.role !== 'system') return refuse('FORBIDDEN', 'Locks expire by themselves.');
      if (job.status !== 'locked' || isLockLive(job, now)) return refuse('INVALID_TRANSITION', 'This lock has not expired.');
      return allow('expire', 'locked', 'posted', { lock: 'expired' }, { teenId: null, lockExpiresAt: null });
    }
    case 'start': {
      if (actor.role !== 'teen') return refuse('FORBIDDEN', 'Only the assigned teen can start a job.');
      if (!isAssignedTeen) return refuse('FORBIDDEN', MESSAGES.notYourJob);
      if (job.status !== 'accepted') return refuse('INVALID_TRANSITION', 'Only an accepted job can be started.');
      // A parent who revokes consent stops new work at once; the teen can still withdraw.
      if (!actor.consentApproved) return refuse('CONSENT_REQUIRED', MESSAGES.consent);
      if (!isWithinWorkHours(ctx.localMinutes)) return refuse('OUTSIDE_WORK_HOURS', MESSAGES.workHours);
      return allow('start', 'accepted', 'in_progress', { teenId: actor.id }, { startedAt: now });
    }
    case 'complete': {
      if (actor.role !== 'teen') return refuse('FORBIDDEN', 'Only the assigned teen can complete a job.');
      if (!isAssignedTeen) return refuse('FORBIDDEN', MESSAGES.notYourJob);
      if (job.status !== 'in_progress') return refuse('INVALID_TRANSITION', 'Only a job in progress can be marked completed.');
      return allow('complete', 'in_progress', 'completed', { teenId: actor.id }, { completedAt: now });
    }
    case 'verify': {
      // Verifying attests that a background-checked coordinator saw the work: an admin cannot stand in.
      if (!isAreaCoordinator) return refuse('FORBIDDEN', "Only the coordinator of this job's area can verify it.");
      if (job.status !== 'completed') return refuse('INVALID_TRANSITION', 'Only a completed job can be verified.');
      return allow('verify', 'completed', 'verified', {}, { verifiedAt: now });
    }
    case 'cancel': {
      if (!(actor.role === 'admin' || isOwner)) return refuse('FORBIDDEN', 'Only the homeowner who posted this job can cancel it.');
      if (!['posted', 'locked', 'accepted'].includes(job.status)) {
        return refuse('INVALID_TRANSITION', 'A job can be cancelled only before work starts.');
      }
      return allow('cancel', job.status, 'cancelled', {}, { cancelledAt: now, lockExpiresAt: null });
    }
    case 'withdraw': {
      if (actor.role !== 'teen') return refuse('FORBIDDEN', 'Only the assigned teen can withdraw from a job.');
      if (!isAssignedTeen) return refuse('FORBIDDEN', MESSAGES.notYourJob);
      if (job.status !== 'accepted') return refuse('INVALID_TRANSITION', 'You can withdraw only before work starts.');
      return allow('withdraw', 'accepted', 'posted', { teenId: actor.id }, { teenId: null, acceptedAt: null });
    }
    // Escrow (design 5): release, dispute and the coordinator's two resolutions. The money moves
    // in the same transaction, through the ledger's job effect.
    case 'pay': {
      if (actor.role === 'system') {
        if (!isAutoReleaseDue(job, now)) return refuse('INVALID_TRANSITION', 'This payment is not due for automatic release.');
      } else if (!isOwner) {
        return refuse('FORBIDDEN', 'Only the homeowner who posted this job can release its payment.');
      }
      if (job.status === 'completed') return refuse('INVALID_TRANSITION', MESSAGES.awaitingVerification);
      if (job.status !== 'verified') return refuse('INVALID_TRANSITION', 'Only a verified job can be paid.');
      return allow('pay', 'verified', 'paid', {}, {});
    }
    case 'dispute': {
      if (!isOwner) return refuse('FORBIDDEN', 'Only the homeowner who posted this job can dispute it.');
      if (job.status !== 'completed' && job.status !== 'verified') return refuse('INVALID_TRANSITION', 'Only completed or verified work can be disputed.');
      return allow('dispute', job.status, 'disputed', {}, {});
    }
    case 'award':
    case 'refund': {
      if (!supervises) return refuse('FORBIDDEN', MESSAGES.areaOnly);
      if (job.status !== 'disputed') return refuse('INVALID_TRANSITION', 'Only a disputed job can be resolved.');
      return allow(transition, 'disputed', transition === 'award' ? 'paid' : 'refunded', {}, {});
    }
  }
}

/** Refusals that only time lifts: the web shows these actions disabled, with the refusal's message. */
const WAIT_CODES: readonly ErrorCode[] = ['OUTSIDE_WORK_HOURS'];

/** The transitions a person may ask for; `expire` is the system's own. */
export type PersonTransition = Exclude<Transition, 'expire'>;

export interface TransitionsNow {
  /** What `actor` could apply now: the web shows exactly these buttons. */
  available: PersonTransition[];
  /** What `actor` could apply at another time of day, and why not now. */
  blocked: { transition: PersonTransition; message: string }[];
}

/** Every person's transition asked once, for the buttons of one job. */
export function transitionsNow(job: JobFacts, actor: Actor, ctx: MachineContext): TransitionsNow {
  const result: TransitionsNow = { available: [], blocked: [] };
  for (const transition of TRANSITIONS) {
    if (transition === 'expire') continue;
    const decision = decide(job, transition, actor, ctx);
    if (decision.ok) result.available.push(transition);
    else if (WAIT_CODES.includes(decision.code)) result.blocked.push({ transition, message: decision.message });
  }
  return result;
}
