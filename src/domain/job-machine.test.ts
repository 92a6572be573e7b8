import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, type JobStatus } from '../contract/jobs';
import { rulesFor } from './safety-rules/rules';
import { decide, effectiveStatus, isAutoReleaseDue, lockEndedBy, lockSecondsLeft, TRANSITIONS, transitionsNow, type Actor, type JobFacts, type LockEvent, type MachineContext, type Transition } from './job-machine';
import type { TeenFacts } from './safety-rules/engine';

const NOW = new Date('2026-06-15T16:00:00Z');
/** The safety rules by age of Massachusetts, on a calendar without school. */
const RULE_BOOK = { rules: rulesFor('MA'), calendar: { name: 'no school', years: [] } };
/** The machine's context at `localMinutes` on NOW's local day. */
const at = (localMinutes: number, extra: Partial<MachineContext> = {}): MachineContext => ({ now: NOW, localDate: '2026-06-15', localMinutes, ruleBook: RULE_BOOK, ...extra });
const NOON = at(12 * 60);
const TEEN = 'teen-1';
const OTHER = 'teen-2';
const HOMEOWNER = 'home-1';

/** An 18-year-old with nothing booked: of the safety rules only Yardly's hours apply to them. */
const EIGHTEEN: TeenFacts = { dateOfBirth: '2008-01-10', parentRules: [], work: [] };
const actors = {
  teen: { role: 'teen', id: TEEN, consentApproved: true, safety: EIGHTEEN },
  otherTeen: { role: 'teen', id: OTHER, consentApproved: true, safety: EIGHTEEN },
  teenWithoutConsent: { role: 'teen', id: TEEN, consentApproved: false, safety: EIGHTEEN },
  homeowner: { role: 'homeowner', id: HOMEOWNER },
  otherHomeowner: { role: 'homeowner', id: 'home-2' },
  coordinator: { role: 'coordinator', id: 'coord-1', zipCodes: ['02139'] },
  otherCoordinator: { role: 'coordinator', id: 'coord-2', zipCodes: ['02141'] },
  admin: { role: 'admin', id: 'admin-1' },
  system: { role: 'system' },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;

const liveLock = new Date(NOW.getTime() + 60_000);
const deadLock = new Date(NOW.getTime() - 1);

function job(status: JobStatus, extra: Partial<JobFacts> = {}): JobFacts {
  const assigned = status === 'posted' || status === 'cancelled' ? null : TEEN;
  const verifiedAt = status === 'verified' ? new Date(NOW.getTime() - 3600_000) : null;
  return {
    id: 'job-1',
    status,
    teenId: assigned,
    homeownerId: HOMEOWNER,
    zipCode: '02139',
    lockExpiresAt: status === 'locked' ? liveLock : null,
    verifiedAt,
    equipment: ['rake'],
    category: 'leaf_raking',
    physicalDemands: 'medium',
    estimatedDuration: 60,
    ...extra,
  };
}

/**
 * The whole table of design 5: for each state, the one (transition, actor) pairs that are allowed
 * and where they lead. Everything not listed must be refused.
 */
const ALLOWED: Record<string, [Transition, ActorName, JobStatus][]> = {
  posted: [
    ['lock', 'teen', 'locked'],
    ['lock', 'otherTeen', 'locked'],
    ['cancel', 'homeowner', 'cancelled'],
    ['cancel', 'admin', 'cancelled'],
  ],
  'locked (live, by teen)': [
    ['finalize', 'teen', 'accepted'],
    ['release', 'teen', 'posted'],
    ['release', 'teenWithoutConsent', 'posted'],
    // The teen's suspension by an admin (issue 18).
    ['release', 'system', 'posted'],
    ['cancel', 'homeowner', 'cancelled'],
    ['cancel', 'admin', 'cancelled'],
  ],
  // The teen whose lock ran out waits 15 minutes to lock it again (LOCK_COOLDOWN); others need not.
  'locked (expired, by teen)': [
    ['lock', 'otherTeen', 'locked'],
    ['release', 'teen', 'posted'],
    ['release', 'teenWithoutConsent', 'posted'],
    ['expire', 'system', 'posted'],
    ['cancel', 'homeowner', 'cancelled'],
    ['cancel', 'admin', 'cancelled'],
  ],
  accepted: [
    ['start', 'teen', 'in_progress'],
    ['withdraw', 'teen', 'posted'],
    ['withdraw', 'teenWithoutConsent', 'posted'],
    ['cancel', 'homeowner', 'cancelled'],
    ['cancel', 'admin', 'cancelled'],
  ],
  // Work already under way may be finished even if consent was revoked meanwhile.
  in_progress: [
    ['complete', 'teen', 'completed'],
    ['complete', 'teenWithoutConsent', 'completed'],
  ],
  completed: [
    ['verify', 'coordinator', 'verified'],
    ['verify', 'admin', 'verified'],
    ['dispute', 'homeowner', 'disputed'],
  ],
  verified: [
    ['pay', 'homeowner', 'paid'],
    ['dispute', 'homeowner', 'disputed'],
  ],
  // 48 hours after verification the system releases the payment if the homeowner has not.
  'verified (48 h ago)': [
    ['pay', 'homeowner', 'paid'],
    ['pay', 'system', 'paid'],
    ['dispute', 'homeowner', 'disputed'],
  ],
  paid: [],
  cancelled: [],
  disputed: [
    ['award', 'coordinator', 'paid'],
    ['award', 'admin', 'paid'],
    ['refund', 'coordinator', 'refunded'],
    ['refund', 'admin', 'refunded'],
  ],
  refunded: [],
};

const STATES: Record<string, JobFacts> = {
  posted: job('posted'),
  'locked (live, by teen)': job('locked'),
  'locked (expired, by teen)': job('locked', { lockExpiresAt: deadLock }),
  accepted: job('accepted'),
  in_progress: job('in_progress'),
  completed: job('completed'),
  verified: job('verified'),
  'verified (48 h ago)': job('verified', { verifiedAt: new Date(NOW.getTime() - 48 * 3600_000) }),
  paid: job('paid'),
  cancelled: job('cancelled'),
  disputed: job('disputed'),
  refunded: job('refunded'),
};

describe('decide: every state x transition x actor', () => {
  const cases = Object.entries(STATES).flatMap(([state, facts]) =>
    TRANSITIONS.flatMap((transition) => (Object.keys(actors) as ActorName[]).map((actor) => [state, transition, actor, facts] as const)),
  );
  it('covers every job status', () => {
    expect(new Set(Object.values(STATES).map((s) => s.status))).toEqual(new Set(JOB_STATUSES));
  });
  it.each(cases)('%s: %s by %s', (state, transition, actorName, facts) => {
    const expected = ALLOWED[state]!.find(([t, a]) => t === transition && a === actorName);
    const decision = decide(facts, transition, actors[actorName], NOON);
    if (expected) {
      expect(decision).toMatchObject({ ok: true, to: expected[2], from: facts.status });
    } else {
      expect(decision.ok).toBe(false);
    }
  });
});

describe('decide: the details', () => {
  it('locks for exactly 900 seconds and guards the update on the status it read', () => {
    const decision = decide(job('posted'), 'lock', actors.teen, NOON);
    expect(decision).toMatchObject({ ok: true, guard: { status: 'posted' }, patch: { teenId: TEEN } });
    if (decision.ok) expect(decision.patch.lockExpiresAt!.getTime() - NOW.getTime()).toBe(900_000);
  });

  it('takes over an expired lock only while it is still expired', () => {
    const decision = decide(job('locked', { lockExpiresAt: deadLock, teenId: OTHER }), 'lock', actors.teen, NOON);
    expect(decision).toMatchObject({ ok: true, guard: { status: 'locked', lock: 'expired' } });
  });

  it('finalizes only a live lock of the same teen', () => {
    expect(decide(job('locked'), 'finalize', actors.teen, NOON)).toMatchObject({ ok: true, guard: { teenId: TEEN, lock: 'live' } });
    expect(decide(job('locked', { lockExpiresAt: deadLock }), 'finalize', actors.teen, NOON)).toMatchObject({ ok: false, code: 'LOCK_EXPIRED' });
    expect(decide(job('locked'), 'finalize', actors.otherTeen, NOON)).toMatchObject({
      ok: false,
      code: 'JOB_NOT_AVAILABLE',
      message: 'This job may have already been taken. Please try another.',
    });
  });

  it('needs approved consent to lock, to accept and to start', () => {
    expect(decide(job('accepted'), 'start', actors.teenWithoutConsent, NOON)).toMatchObject({ ok: false, code: 'CONSENT_REQUIRED' });
    expect(decide(job('posted'), 'lock', actors.teenWithoutConsent, NOON)).toMatchObject({ ok: false, code: 'CONSENT_REQUIRED' });
    expect(decide(job('locked'), 'finalize', actors.teenWithoutConsent, NOON)).toMatchObject({ ok: false, code: 'CONSENT_REQUIRED' });
  });

  it("starts work only inside Yardly's 6 AM-8 PM, as the safety rules say: a one-hour job from 6:00 AM to 7:00 PM", () => {
    const startAt = (minutes: number) => decide(job('accepted'), 'start', actors.teen, at(minutes));
    const refusal = {
      ok: false,
      code: 'AGE_RULE',
      message: 'On Yardly, all work happens between 6 AM and 8 PM (Yardly safety rules).',
      ageRule: { rules: [expect.objectContaining({ id: 'yardly-time-of-day' })], alternative: 'You may start at 6:00 AM.', waits: true },
    };
    expect(startAt(5 * 60 + 59)).toMatchObject(refusal);
    expect(startAt(6 * 60).ok).toBe(true);
    expect(startAt(19 * 60).ok).toBe(true);
    expect(startAt(19 * 60 + 1)).toMatchObject({ ...refusal, ageRule: { ...refusal.ageRule, alternative: 'This job takes 1 hour, so it must start by 7:00 PM. You may start it tomorrow from 6:00 AM.' } });
    expect(startAt(20 * 60)).toMatchObject({ ok: false, code: 'AGE_RULE' });
  });

  it('asks the safety rules by age at the lock, the accept and the start, after its own checks', () => {
    const fifteen: Actor = { ...actors.teen, safety: { ...EIGHTEEN, dateOfBirth: '2011-01-10' } };
    const mower = { equipment: ['lawn_mower'] } as const;
    const refused = { ok: false, code: 'AGE_RULE', message: 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).' };
    expect(decide(job('posted', mower), 'lock', fifteen, NOON)).toMatchObject({ ...refused, ageRule: { alternative: 'Jobs that need only hand tools are open to you.', waits: false } });
    expect(decide(job('locked', mower), 'finalize', fifteen, NOON)).toMatchObject(refused);
    expect(decide(job('accepted', mower), 'start', fifteen, NOON)).toMatchObject(refused);
    // The job being taken or not theirs is said first: the rules are about the teen taking it.
    expect(decide(job('locked', mower), 'lock', { ...fifteen, id: OTHER }, NOON)).toMatchObject({ code: 'JOB_NOT_AVAILABLE' });
    expect(decide(job('posted', mower), 'lock', actors.teen, NOON).ok).toBe(true);
    // Hours: a 15-year-old with 2.5 hours today on a school-free day has 5.5 left; 6 hours of other work leaves 2.
    const booked = (minutes: number): Actor => ({ ...fifteen, safety: { ...EIGHTEEN, dateOfBirth: '2011-01-10', work: [{ jobId: 'other', day: '2026-06-15', minutes }] } });
    expect(decide(job('locked'), 'finalize', booked(150), NOON).ok).toBe(true);
    expect(decide(job('locked', { estimatedDuration: 180 }), 'finalize', booked(360), NOON)).toMatchObject({ code: 'AGE_RULE', ageRule: { alternative: 'You have 2 hours left today; this job takes 3 hours.', waits: true } });
  });

  it("lets only the coordinator of the job's ZIP code, or an admin, verify", () => {
    expect(decide(job('completed'), 'verify', actors.otherCoordinator, NOON)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(decide(job('completed'), 'verify', actors.admin, NOON)).toMatchObject({ ok: true, from: 'completed', to: 'verified' });
  });

  it('clears the teen when a lock is released, expires or the teen withdraws', () => {
    for (const [facts, transition, actor] of [
      [job('locked'), 'release', actors.teen],
      [job('locked', { lockExpiresAt: deadLock }), 'expire', actors.system],
      [job('accepted'), 'withdraw', actors.teen],
    ] as const) {
      const decision = decide(facts, transition, actor, NOON);
      expect(decision.ok && decision.patch.teenId).toBeNull();
    }
  });
});

describe('escrow transitions', () => {
  it('keeps Release Payment closed until the work is verified, with a reason', () => {
    expect(decide(job('completed'), 'pay', actors.homeowner, NOON)).toMatchObject({
      ok: false,
      code: 'INVALID_TRANSITION',
      message: 'Payment can be released once a coordinator has verified the work.',
    });
    expect(decide(job('verified'), 'pay', actors.otherHomeowner, NOON)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('lets only the coordinator of the job ZIP code resolve a dispute', () => {
    expect(decide(job('disputed'), 'award', actors.otherCoordinator, NOON)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(decide(job('disputed'), 'refund', actors.otherCoordinator, NOON)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it.each([
    [null, false],
    [new Date(NOW.getTime() - 48 * 3600_000 + 1), false],
    [new Date(NOW.getTime() - 48 * 3600_000), true],
  ])('auto-release is due 48 hours after verification (verified at %s: %s)', (verifiedAt, due) => {
    expect(isAutoReleaseDue(job('verified', { verifiedAt }), NOW)).toBe(due);
  });

  it('never auto-releases a job that is not verified', () => {
    expect(isAutoReleaseDue(job('disputed', { verifiedAt: new Date(0) }), NOW)).toBe(false);
  });
});

describe('lock expiry with a moving clock', () => {
  const locked = job('locked', { lockExpiresAt: new Date(NOW.getTime() + 900_000) });
  it('counts down and reads as posted once the lock runs out', () => {
    expect(lockSecondsLeft(locked, NOW)).toBe(900);
    expect(lockSecondsLeft(locked, new Date(NOW.getTime() + 899_001))).toBe(1);
    expect(effectiveStatus(locked, new Date(NOW.getTime() + 899_999))).toBe('locked');
    expect(effectiveStatus(locked, new Date(NOW.getTime() + 900_000))).toBe('posted');
    expect(lockSecondsLeft(locked, new Date(NOW.getTime() + 1_000_000))).toBe(0);
  });
});

describe('lock cooldown: a teen who let a job go waits 15 minutes to lock it again', () => {
  const after = (ms: number) => new Date(NOW.getTime() + ms);
  // NOON is 12:00 PM local.
  const ctxAt = (ms: number, lockEnded: { at: Date; how: 'release' | 'expire' } | null) => at(12 * 60 + Math.floor(ms / 60_000), { now: after(ms), lockEnded });

  it.each([
    ['just released', 0, { at: NOW, how: 'release' }, 'You released this job. You can lock it again at 12:15 PM.'],
    ['released 14:59 ago', 899_000, { at: NOW, how: 'release' }, 'You released this job. You can lock it again at 12:15 PM.'],
    ['released 15 minutes ago', 900_000, { at: NOW, how: 'release' }, null],
    ['released a second past the minute (rounded up)', 60_000, { at: after(1000), how: 'release' }, 'You released this job. You can lock it again at 12:16 PM.'],
    ['lock ran out', 300_000, { at: NOW, how: 'expire' }, 'Your lock on this job ran out. You can lock it again at 12:15 PM.'],
    ['never released', 0, null, null],
  ] as const)('%s', (_, ms, lockEnded, message) => {
    const decision = decide(job('posted'), 'lock', actors.teen, ctxAt(ms, lockEnded));
    if (message) expect(decision).toEqual({ ok: false, code: 'LOCK_COOLDOWN', message });
    else expect(decision.ok).toBe(true);
  });

  it('counts a run-out lock the row still holds for the teen, and lets other teens lock at once', () => {
    const ranOut = job('locked', { lockExpiresAt: after(-60_000) });
    expect(decide(ranOut, 'lock', actors.teen, NOON)).toEqual({ ok: false, code: 'LOCK_COOLDOWN', message: 'Your lock on this job ran out. You can lock it again at 12:14 PM.' });
    expect(decide(ranOut, 'lock', actors.otherTeen, NOON).ok).toBe(true);
    expect(decide(job('posted'), 'lock', actors.otherTeen, ctxAt(0, null)).ok).toBe(true);
  });

  it('formats the time across noon and midnight', () => {
    const message = (localMinutes: number) => {
      const decision = decide(job('posted'), 'lock', actors.teen, at(localMinutes, { lockEnded: { at: NOW, how: 'release' } }));
      return decision.ok ? null : decision.message;
    };
    expect(message(11 * 60 + 50)).toContain('at 12:05 PM.');
    expect(message(23 * 60 + 50)).toContain('at 12:05 AM.');
    expect(message(9 * 60)).toContain('at 9:15 AM.');
    expect(message(15 * 60 + 27)).toContain('at 3:42 PM.');
  });

  it('offers the lock disabled, with the reason', () => {
    expect(transitionsNow(job('posted'), actors.teen, ctxAt(0, { at: NOW, how: 'release' }))).toEqual({
      available: [],
      blocked: [{ transition: 'lock', message: 'You released this job. You can lock it again at 12:15 PM.' }],
    });
  });
});

describe('lockEndedBy: reads the end of a teen\'s last lock from the job events', () => {
  const t = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
  const ev = (transition: string, actorId: string | null, minutes: number): LockEvent => ({ transition, actorId, createdAt: t(minutes) });

  it.each<[string, LockEvent[], ReturnType<typeof lockEndedBy>]>([
    ['no events', [], null],
    ['a release by the teen', [ev('post', HOMEOWNER, 0), ev('lock', TEEN, 1), ev('release', TEEN, 2)], { at: t(2), how: 'release' }],
    ["another teen's release", [ev('lock', OTHER, 1), ev('release', OTHER, 2)], null],
    ['an expiry of their lock, written when it ran out', [ev('lock', TEEN, 1), ev('expire', null, 16)], { at: t(16), how: 'expire' }],
    ['an expiry written lazily, dated when it ran out', [ev('lock', TEEN, 1), ev('expire', null, 40)], { at: t(16), how: 'expire' }],
    ["an expiry of another teen's lock", [ev('lock', OTHER, 1), ev('expire', null, 16)], null],
    ['an accepted lock', [ev('lock', TEEN, 1), ev('finalize', TEEN, 2)], null],
    ['the latest of several', [ev('lock', TEEN, 1), ev('release', TEEN, 2), ev('lock', OTHER, 3), ev('expire', null, 18), ev('lock', TEEN, 40), ev('expire', null, 55)], { at: t(55), how: 'expire' }],
    // A run-out lock taken over: its expiry and the new lock share an instant, in any order.
    ['a takeover in one instant', [ev('lock', OTHER, 20), ev('lock', TEEN, 1), ev('expire', null, 20)], { at: t(16), how: 'expire' }],
    ['a release and a new lock in one instant', [ev('lock', TEEN, 0), ev('lock', OTHER, 0), ev('release', TEEN, 0)], { at: t(0), how: 'release' }],
  ])('%s', (_, events, expected) => {
    expect(lockEndedBy(events, TEEN)).toEqual(expected);
  });
});

describe('transitionsNow', () => {
  const available = (facts: JobFacts, actor: Actor, ctx = NOON) => transitionsNow(facts, actor, ctx).available;
  it('gives each person the buttons the server would accept', () => {
    expect(available(job('posted'), actors.teen)).toEqual(['lock']);
    expect(available(job('locked'), actors.teen)).toEqual(['finalize', 'release']);
    expect(available(job('locked'), actors.otherTeen)).toEqual([]);
    expect(available(job('accepted'), actors.teen)).toEqual(['start', 'withdraw']);
    expect(available(job('accepted'), actors.homeowner)).toEqual(['cancel']);
    expect(available(job('completed'), actors.coordinator)).toEqual(['verify']);
    expect(available(job('completed'), actors.homeowner)).toEqual(['dispute']);
    expect(available(job('verified'), actors.homeowner)).toEqual(['pay', 'dispute']);
    expect(available(job('disputed'), actors.coordinator)).toEqual(['award', 'refund']);
  });

  it('names what only the time of day forbids, with the reason, and nothing else', () => {
    const night = at(23 * 60);
    expect(transitionsNow(job('accepted'), actors.teen, night)).toEqual({
      available: ['withdraw'],
      blocked: [{ transition: 'start', message: 'On Yardly, all work happens between 6 AM and 8 PM (Yardly safety rules). You may start it tomorrow from 6:00 AM.' }],
    });
    expect(transitionsNow(job('accepted'), actors.teen, NOON).blocked).toEqual([]);
    // Not the assigned teen, or no consent: not a matter of waiting.
    expect(transitionsNow(job('accepted'), actors.otherTeen, night).blocked).toEqual([]);
    expect(transitionsNow(job('accepted'), actors.teenWithoutConsent, night).blocked).toEqual([]);
    expect(transitionsNow(job('accepted'), actors.homeowner, night).blocked).toEqual([]);
  });

  it("leaves out what the safety rules refuse for what the job is, and blocks what the day's hours refuse", () => {
    const fifteen = (work: TeenFacts['work']): Actor => ({ ...actors.teen, safety: { ...EIGHTEEN, dateOfBirth: '2011-01-10', work } });
    expect(transitionsNow(job('posted', { equipment: ['leaf_blower'] }), fifteen([]), NOON)).toEqual({ available: [], blocked: [] });
    expect(transitionsNow(job('locked', { estimatedDuration: 240 }), fifteen([{ jobId: 'other', day: '2026-06-15', minutes: 300 }]), NOON)).toEqual({
      available: ['release'],
      blocked: [{ transition: 'finalize', message: 'Teens under 16 may work at most 8 hours on a day without school (federal child labor rule, 29 CFR 570.35(a)(4)). You have 3 hours left today; this job takes 4 hours.' }],
    });
  });
});
