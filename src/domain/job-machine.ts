import type { ErrorCode } from '../contract/errors';
import { LOCK_SECONDS } from '../contract/constants';
import type { JobStatus } from '../contract/job-constants';
import { AUTO_RELEASE_HOURS } from '../contract/payments';
import { formatClockTime } from './format';
import type { LocalDate } from './calendar';
import { decideFor, type JobNeeds, type RuleBook, type RuleReference, type Stage, type TeenFacts } from './safety-rules/engine';

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
  | { role: 'teen'; id: string; consentApproved: boolean; safety: TeenFacts }
  | { role: 'homeowner'; id: string }
  | { role: 'coordinator'; id: string; zipCodes: readonly string[] }
  | { role: 'admin'; id: string }
  | { role: 'system' };

/** A job's status and people: what the access rules read of a stored job. */
export interface JobState {
  status: JobStatus;
  teenId: string | null;
  homeownerId: string;
  zipCode: string;
  lockExpiresAt: Date | null;
  verifiedAt: Date | null;
}

/** A job as the machine reads it: its status and people, and what the safety rules by age look at. */
export interface JobFacts extends JobState, JobNeeds {
  id: string;
}

export interface MachineContext {
  now: Date;
  /** The day, and minutes since its midnight, in the service's time zone (TIMEZONE). */
  localDate: LocalDate;
  localMinutes: number;
  /** The law in force and the school year (the safety rules by age, issue 21). */
  ruleBook: RuleBook;
  /**
   * When the acting teen's last lock on this job ended, from the job's event log (lockEndedBy);
   * absent when not read, which the machine takes as never.
   */
  lockEnded?: LockEnd | null;
}

/** How and when a teen's lock on a job ended without them accepting it. */
export interface LockEnd {
  at: Date;
  how: 'release' | 'expire';
}

/** A teen who let a job go waits this long before locking it again; other teens may lock it at once. */
export const LOCK_COOLDOWN_SECONDS = 15 * 60;

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

/** The safety rules' part of an AGE_RULE refusal: every rule that said no, what is open instead, and whether waiting lifts it. */
export interface AgeRuleRefusal {
  rules: RuleReference[];
  alternative: string | null;
  waits: boolean;
}

export type Decision =
  | { ok: true; transition: Transition; from: JobStatus; to: JobStatus; guard: Guard; patch: JobPatch }
  | { ok: false; code: ErrorCode; message: string; ageRule?: AgeRuleRefusal };

export const MESSAGES = {
  taken: 'This job may have already been taken. Please try another.',
  consent: 'You need parental consent before accepting jobs.',
  lockExpired: 'Your lock on this job expired. Lock it again if it is still available.',
  alreadyLocked: 'You already locked this job.',
  notYourJob: 'This job is not assigned to you.',
  awaitingVerification: 'Payment can be released once a coordinator has verified the work.',
  areaOnly: "Only the coordinator of this job's area can do this.",
} as const;

/** A job event as lockEndedBy reads it (job_events: transition, actor_id, created_at). */
export interface LockEvent {
  transition: string;
  actorId: string | null;
  createdAt: Date;
}

/**
 * The end of `teenId`'s latest lock on one job that ended without an accept, read from the job's
 * events: a release they made, or an expiry of a lock they held. An expiry is written lazily, so a
 * lock ended when it ran out (its lock time + LOCK_SECONDS), not when the expiry row was written.
 */
export function lockEndedBy(events: readonly LockEvent[], teenId: string): LockEnd | null {
  // Events of one instant: a lock cannot end in the instant it is taken, so ends go before locks
  // (a run-out lock taken over is expired and locked again in one instant).
  const ordered = [...events].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(a.transition === 'lock') - Number(b.transition === 'lock'));
  let holder: { id: string | null; at: Date } | null = null;
  let ended: LockEnd | null = null;
  for (const event of ordered) {
    if (event.transition === 'lock') holder = { id: event.actorId, at: event.createdAt };
    else if (event.transition === 'release' && event.actorId === teenId) ended = { at: event.createdAt, how: 'release' };
    else if (event.transition === 'expire' && holder?.id === teenId) {
      const ranOut = Math.min(event.createdAt.getTime(), holder.at.getTime() + LOCK_SECONDS * 1000);
      ended = { at: new Date(ranOut), how: 'expire' };
    }
    if (event.transition !== 'lock') holder = null;
  }
  return ended;
}

/**
 * The local time at which `at` (shortly after ctx.now) falls, rounded up to the minute so the message
 * never names a time at which the lock is still refused. The offset is now's (ctx.localMinutes); a
 * daylight-saving switch inside the 15 minutes (2 AM, outside work hours) is not worth a time zone here.
 */
function localClockTimeAt(at: Date, ctx: MachineContext): string {
  const localNowMs = ctx.localMinutes * 60_000 + (ctx.now.getTime() % 60_000);
  return formatClockTime(Math.ceil((localNowMs + at.getTime() - ctx.now.getTime()) / 60_000));
}

/** Why `actor` may not lock a job they let go, and until when; null when they may. */
function lockCooldown(job: JobFacts, actor: { id: string }, ctx: MachineContext): string | null {
  // A run-out lock not yet written as expired is this teen's, ended when it ran out.
  const ranOut: LockEnd | null = job.status === 'locked' && job.teenId === actor.id && job.lockExpiresAt ? { at: job.lockExpiresAt, how: 'expire' } : null;
  const ended = [ctx.lockEnded, ranOut].reduce<LockEnd | null>((latest, end) => (end && (!latest || end.at > latest.at) ? end : latest), null);
  if (!ended) return null;
  const until = new Date(ended.at.getTime() + LOCK_COOLDOWN_SECONDS * 1000);
  if (until.getTime() <= ctx.now.getTime()) return null;
  const what = ended.how === 'release' ? 'You released this job.' : 'Your lock on this job ran out.';
  return `${what} You can lock it again at ${localClockTimeAt(until, ctx)}.`;
}

function isLockLive(job: Pick<JobState, 'lockExpiresAt'>, now: Date): boolean {
  return job.lockExpiresAt !== null && job.lockExpiresAt.getTime() > now.getTime();
}

/** A lock that has run out is a posted job, whether or not the sweeper has written it yet. */
export function effectiveStatus(job: Pick<JobState, 'status' | 'lockExpiresAt'>, now: Date): JobStatus {
  return job.status === 'locked' && !isLockLive(job, now) ? 'posted' : job.status;
}

/** Seconds left on a live lock, 0 when none (the countdown of spec 4). */
export function lockSecondsLeft(job: Pick<JobState, 'lockExpiresAt'>, now: Date): number {
  if (!job.lockExpiresAt) return 0;
  return Math.max(0, Math.ceil((job.lockExpiresAt.getTime() - now.getTime()) / 1000));
}

/** Design 5: an unreleased payment is released by the system this long after verification. */
export function isAutoReleaseDue(job: Pick<JobState, 'status' | 'verifiedAt'>, now: Date): boolean {
  return job.status === 'verified' && job.verifiedAt !== null && now.getTime() - job.verifiedAt.getTime() >= AUTO_RELEASE_HOURS * 3600_000;
}

/**
 * The safety rules by age (issue 21) on a teen taking this job at this stage, now: the rules engine
 * decides, so the time of day, the hours and what a teen of their age may use are decided in one place.
 */
function ageRuleRefusal(job: JobFacts, stage: Stage, teen: TeenFacts, ctx: MachineContext): Decision | null {
  const verdict = decideFor(stage, job, teen, ctx.ruleBook, { day: ctx.localDate, minutes: ctx.localMinutes });
  if (verdict.allowed) return null;
  const { message, rules, alternative, waits } = verdict;
  return { ok: false, code: 'AGE_RULE', message, ageRule: { rules, alternative, waits } };
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
      const ageRule = ageRuleRefusal(job, 'lock', actor.safety, ctx);
      if (ageRule) return ageRule;
      // Fairness: a teen cannot hold a job back by releasing and locking it again; others may lock it now.
      const cooldown = lockCooldown(job, actor, ctx);
      if (cooldown) return refuse('LOCK_COOLDOWN', cooldown);
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
      const ageRule = ageRuleRefusal(job, 'accept', actor.safety, ctx);
      if (ageRule) return ageRule;
      return allow('finalize', 'locked', 'accepted', { teenId: actor.id, lock: 'live' }, { lockExpiresAt: null, acceptedAt: now });
    }
    case 'release': {
      // An admin's suspension of the teen ends their live lock at once (issue 18); a run-out lock expires.
      if (actor.role === 'system') {
        if (effective !== 'locked' || !job.teenId) return refuse('INVALID_TRANSITION', 'This job has no live lock.');
        return allow('release', 'locked', 'posted', { teenId: job.teenId, lock: 'live' }, { teenId: null, lockExpiresAt: null });
      }
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
      const ageRule = ageRuleRefusal(job, 'start', actor.safety, ctx);
      if (ageRule) return ageRule;
      return allow('start', 'accepted', 'in_progress', { teenId: actor.id }, { startedAt: now });
    }
    case 'complete': {
      if (actor.role !== 'teen') return refuse('FORBIDDEN', 'Only the assigned teen can complete a job.');
      if (!isAssignedTeen) return refuse('FORBIDDEN', MESSAGES.notYourJob);
      if (job.status !== 'in_progress') return refuse('INVALID_TRANSITION', 'Only a job in progress can be marked completed.');
      return allow('complete', 'in_progress', 'completed', { teenId: actor.id }, { completedAt: now });
    }
    case 'verify': {
      // The area's coordinator verifies; an admin may too, so that pay never waits on an area without
      // a coordinator (the event row records the admin's act).
      if (!supervises) return refuse('FORBIDDEN', "Only the coordinator of this job's area or an admin can verify it.");
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

/**
 * A refusal that only time lifts (a lock's cooldown; the safety rules' time of day and hours): the web
 * shows the action disabled with this message. A rule's names what to wait for.
 */
function waitMessage(decision: Extract<Decision, { ok: false }>): string | null {
  if (decision.code === 'LOCK_COOLDOWN') return decision.message;
  if (decision.ageRule?.waits) return decision.ageRule.alternative ? `${decision.message} ${decision.ageRule.alternative}` : decision.message;
  return null;
}

/** The transitions a person may ask for; `expire` is the system's own. */
export type PersonTransition = Exclude<Transition, 'expire'>;

export interface TransitionsNow {
  /** What `actor` could apply now: the web shows exactly these buttons. */
  available: PersonTransition[];
  /** What `actor` could apply later (another time of day or day, after a lock's cooldown), and why not now. */
  blocked: { transition: PersonTransition; message: string }[];
}

/** Every person's transition asked once, for the buttons of one job. */
export function transitionsNow(job: JobFacts, actor: Actor, ctx: MachineContext): TransitionsNow {
  const result: TransitionsNow = { available: [], blocked: [] };
  for (const transition of TRANSITIONS) {
    if (transition === 'expire') continue;
    const decision = decide(job, transition, actor, ctx);
    if (decision.ok) {
      result.available.push(transition);
      continue;
    }
    const waitFor = waitMessage(decision);
    if (waitFor) result.blocked.push({ transition, message: waitFor });
  }
  return result;
}
