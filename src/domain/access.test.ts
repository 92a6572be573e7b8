import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, type JobStatus } from '../contract/jobs';
import {
  canActAs,
  canActOnJob,
  canChangeUser,
  canReadReviewsOf,
  canReadTeenProgress,
  canReadTeenWorkHours,
  canReadUser,
  canResolveDispute,
  jobDisclosure,
  jobRecordScope,
  jobVisibility,
  jobVisibilityAt,
  mayListJobs,
  teenNameFor,
  type JobVisibility,
  type Viewer,
} from './access';
import type { JobState } from './job-machine';

const NOW = new Date('2026-06-15T16:00:00Z');
const viewers = {
  teen: { id: 'teen-1', role: 'teen' },
  otherTeen: { id: 'teen-2', role: 'teen' },
  homeowner: { id: 'home-1', role: 'homeowner' },
  otherHomeowner: { id: 'home-2', role: 'homeowner' },
  coordinator: { id: 'coord-1', role: 'coordinator', coordinatorZips: ['02139'] },
  otherCoordinator: { id: 'coord-2', role: 'coordinator', coordinatorZips: ['02141'] },
  admin: { id: 'admin-1', role: 'admin' },
} satisfies Record<string, Viewer>;

const job = (status: JobStatus, teenId: string | null = status === 'posted' ? null : 'teen-1') => ({ status, teenId, homeownerId: 'home-1', zipCode: '02139' });

describe('jobVisibility', () => {
  const everyStatus = (visibility: JobVisibility) => Object.fromEntries(JOB_STATUSES.map((s) => [s, visibility]));
  it.each([
    ['teen', everyStatus('full')],
    ['homeowner', everyStatus('full')],
    ['coordinator', everyStatus('full')],
    ['admin', everyStatus('full')],
    ['otherHomeowner', everyStatus('none')],
    ['otherCoordinator', everyStatus('none')],
    // Spec 2: another teen sees an open job whole, an accepted one only as 'Job Accepted!', later ones not at all.
    ['otherTeen', { ...everyStatus('none'), posted: 'full', locked: 'full', accepted: 'public' }],
  ] as const)('%s sees a job of teen-1 and home-1 in 02139, by status', (name, expected) => {
    const seen = Object.fromEntries(JOB_STATUSES.map((s) => [s, jobVisibility(viewers[name], job(s))]));
    expect(seen).toEqual(expected);
  });

  it('counts a run-out lock as posted, and a coordinator without ZIP codes serves no area', () => {
    const facts = (lockExpiresAt: Date): JobState => ({ ...job('locked', 'teen-2'), status: 'locked', lockExpiresAt, verifiedAt: null });
    const live = facts(new Date(NOW.getTime() + 1));
    const runOut = facts(new Date(NOW.getTime() - 1));
    expect(jobVisibilityAt(viewers.teen, live, NOW)).toBe('full');
    expect(jobVisibilityAt(viewers.teen, runOut, NOW)).toBe('full');
    const accepted: JobState = { ...runOut, status: 'accepted', lockExpiresAt: null };
    expect([jobVisibilityAt(viewers.teen, accepted, NOW), canActOnJob(viewers.teen, accepted, NOW)]).toEqual(['public', false]);
    expect(canActOnJob(viewers.otherTeen, accepted, NOW)).toBe(true);
    expect(jobVisibility({ id: 'coord-3', role: 'coordinator' }, job('posted'))).toBe('none');
  });
});

describe('jobDisclosure: what of a job of teen-1 and home-1 in 02139 each viewer sees', () => {
  const WHOLE = { address: 'full', homeownerId: true, teenId: true };
  const NOTHING = { address: 'none', homeownerId: false, teenId: false };
  const STREET = { address: 'street', homeownerId: false, teenId: false };
  const byStatus = (open: object, later: object) => Object.fromEntries(JOB_STATUSES.map((s) => [s, s === 'posted' || s === 'locked' ? open : later]));
  it.each([
    ['homeowner', byStatus(WHOLE, WHOLE)],
    ['coordinator', byStatus(WHOLE, WHOLE)],
    ['admin', byStatus(WHOLE, WHOLE)],
    ['otherHomeowner', byStatus(NOTHING, NOTHING)],
    ['otherCoordinator', byStatus(NOTHING, NOTHING)],
    // The holder of a lock learns it is theirs, but the address only once they accept.
    ['teen', { ...byStatus({ ...STREET, teenId: true }, WHOLE), posted: STREET }],
    // Spec 2's public face of an accepted job shows no address either; later the job is gone for them.
    ['otherTeen', byStatus(STREET, NOTHING)],
  ] as const)('%s, by status', (name, expected) => {
    const seen = Object.fromEntries(JOB_STATUSES.map((s) => [s, jobDisclosure(viewers[name], job(s))]));
    expect(seen).toEqual(expected);
  });
});

describe('mayListJobs', () => {
  const refused = (message: string) => ({ ok: false, message });
  it.each([
    ['teen', {}, { ok: true }],
    ['teen', { status: ['posted', 'locked'] }, { ok: true }],
    ['teen', { status: ['accepted'] }, refused("Teens see other people's jobs only while they are open.")],
    ['teen', { teenId: 'teen-1', status: ['accepted', 'paid'] }, { ok: true }],
    ['teen', { teenId: 'teen-2' }, refused('You can only list your own jobs (teenId).')],
    ['teen', { homeownerId: 'home-1' }, refused('You can only list your own jobs (homeownerId).')],
    ['homeowner', { homeownerId: 'home-1' }, { ok: true }],
    ['homeowner', { homeownerId: 'home-2' }, refused('You can only list your own jobs (homeownerId).')],
    ['homeowner', { teenId: 'teen-1' }, refused('You can only list your own jobs (teenId).')],
    ['homeowner', { teenId: 'home-1' }, refused('Homeowners list their own jobs.')],
    ['homeowner', { coordinatorId: 'home-1' }, refused('Homeowners list their own jobs.')],
    ['coordinator', { coordinatorId: 'coord-1', teenId: 'teen-1', homeownerId: 'home-1' }, { ok: true }],
    ['coordinator', { coordinatorId: 'coord-2' }, refused('You can only list your own jobs (coordinatorId).')],
    ['admin', { teenId: 'teen-1', homeownerId: 'home-1', coordinatorId: 'coord-1', status: ['paid'] }, { ok: true }],
  ] as const)('%s asking for %o: %o', (name, filter, expected) => {
    expect(mayListJobs(viewers[name], filter)).toEqual(expected);
  });
});

describe('teenNameFor', () => {
  const ACCEPTED_AT = new Date('2026-06-15T15:00:00Z');
  const held = (acceptedAt: Date | null) => ({ teenId: 'teen-1', homeownerId: 'home-1', zipCode: '02139', acceptedAt });
  it.each([
    ['teen', 'Maya Lopez', 'Maya Lopez'],
    ['coordinator', 'Maya Lopez', 'Maya Lopez'],
    ['admin', 'Maya Lopez', 'Maya Lopez'],
    // Privacy: the homeowner reads a first name and last initial only.
    ['homeowner', 'Maya Lopez', 'Maya L.'],
    ['otherTeen', 'Maya Lopez', null],
    ['otherHomeowner', 'Maya Lopez', null],
    ['otherCoordinator', 'Maya Lopez', null],
  ] as const)('names the teen of an accepted job to %s as %j', (name, fullName, expected) => {
    expect(teenNameFor(viewers[name], held(ACCEPTED_AT), fullName)).toBe(expected);
  });

  it('gives the homeowner no name while a teen only holds a lock (spec 2: a teen is deciding), and nobody one without a teen', () => {
    expect(teenNameFor(viewers.homeowner, held(null), 'Maya Lopez')).toBeNull();
    expect([viewers.teen, viewers.coordinator, viewers.admin].map((viewer) => teenNameFor(viewer, held(null), 'Maya Lopez'))).toEqual(['Maya Lopez', 'Maya Lopez', 'Maya Lopez']);
    // A run-out lock: the job as it stands now has no teen, though the row still names one.
    expect(Object.values(viewers).map((viewer) => teenNameFor(viewer, { ...held(null), teenId: null }, 'Maya Lopez'))).toEqual(Object.values(viewers).map(() => null));
  });

  it.each([
    ['  Maya   de la Cruz ', 'Maya C.'],
    ['Maya', 'Maya'],
    ['maya lopez', 'maya L.'],
    ['Zoë 𝒜bbott', 'Zoë 𝒜.'],
  ])("shortens %j to %j for the homeowner, never with the full last name", (fullName, expected) => {
    expect(teenNameFor(viewers.homeowner, held(ACCEPTED_AT), fullName)).toBe(expected);
  });
});

describe('users and disputes', () => {
  it('lets a person and an admin read and change the person, and nobody act as someone else', () => {
    expect([canReadUser(viewers.teen, 'teen-1'), canReadUser(viewers.admin, 'teen-1'), canReadUser(viewers.otherTeen, 'teen-1'), canReadUser(viewers.coordinator, 'teen-1')]).toEqual([true, true, false, false]);
    expect([canChangeUser(viewers.teen, 'teen-1'), canChangeUser(viewers.admin, 'teen-1'), canChangeUser(viewers.homeowner, 'teen-1')]).toEqual([true, true, false]);
    expect([canActAs(viewers.teen, 'teen-1'), canActAs(viewers.admin, 'teen-1')]).toEqual([true, false]);
  });

  it("scopes disputes to an admin's all, a coordinator's area and a party's own jobs; only the area's coordinator or an admin resolves", () => {
    expect(jobRecordScope(viewers.admin)).toEqual({ kind: 'all' });
    expect(jobRecordScope(viewers.coordinator)).toEqual({ kind: 'area', zipCodes: ['02139'] });
    expect(jobRecordScope(viewers.homeowner)).toEqual({ kind: 'homeowner', homeownerId: 'home-1' });
    expect(jobRecordScope(viewers.teen)).toEqual({ kind: 'teen', teenId: 'teen-1' });
    const resolvers = Object.entries(viewers).filter(([, viewer]) => canResolveDispute(viewer, { zipCode: '02139' }));
    expect(resolvers.map(([name]) => name)).toEqual(['coordinator', 'admin']);
  });

  it("shows a teen's work hours to the teen, the coordinator of the teen's ZIP code and admins only", () => {
    const readers = Object.entries(viewers).filter(([, viewer]) => canReadTeenWorkHours(viewer, { id: 'teen-1', zipCode: '02139' }));
    expect(readers.map(([name]) => name)).toEqual(['teen', 'coordinator', 'admin']);
    expect(canReadTeenWorkHours(viewers.coordinator, { id: 'teen-1', zipCode: null })).toBe(false);
  });
});

describe("a teen's progress (issue 16)", () => {
  const teen = { id: 'teen-1', zipCode: '02139' };
  it.each([
    [false, ['teen', 'coordinator', 'admin']],
    // The homeowner has this teen on a job of theirs; the other homeowner's answer is the server's, per viewer.
    [true, ['teen', 'homeowner', 'otherHomeowner', 'coordinator', 'admin']],
  ])('with a job of the viewer taken: %s, readers are %j', (taken, readers) => {
    const allowed = Object.entries(viewers).filter(([, viewer]) => canReadTeenProgress(viewer, teen, taken));
    expect(allowed.map(([name]) => name)).toEqual(readers);
  });
  it("refuses other teens and coordinators of other areas, whatever the job, and a coordinator when the teen has no ZIP code", () => {
    expect(canReadTeenProgress(viewers.otherTeen, teen, true)).toBe(false);
    expect(canReadTeenProgress(viewers.otherCoordinator, teen, true)).toBe(false);
    expect(canReadTeenProgress(viewers.coordinator, { id: 'teen-1', zipCode: null }, false)).toBe(false);
  });
});

describe('the reviews a person received (issue 16)', () => {
  const readersOf = (person: { id: string; role: 'teen' | 'homeowner' | 'coordinator'; zipCode: string | null }, workedTogether: boolean) =>
    Object.entries(viewers)
      .filter(([, viewer]) => canReadReviewsOf(viewer, person, workedTogether))
      .map(([name]) => name);
  it.each([
    [{ id: 'teen-1', role: 'teen', zipCode: '02139' }, false, ['teen', 'coordinator', 'admin']],
    [{ id: 'teen-1', role: 'teen', zipCode: '02139' }, true, ['teen', 'homeowner', 'otherHomeowner', 'coordinator', 'admin']],
    [{ id: 'home-1', role: 'homeowner', zipCode: '02139' }, false, ['homeowner', 'coordinator', 'admin']],
    [{ id: 'home-1', role: 'homeowner', zipCode: '02139' }, true, ['teen', 'otherTeen', 'homeowner', 'coordinator', 'admin']],
    [{ id: 'coord-1', role: 'coordinator', zipCode: null }, true, ['coordinator', 'admin']],
  ] as const)('%o, worked together with the viewer: %s -> %j', (person, workedTogether, readers) => {
    expect(readersOf(person, workedTogether)).toEqual(readers);
  });
});
