import type { Role } from '../contract/constants';
import type { JobStatus } from '../contract/job-constants';
import { effectiveStatus, type JobState } from './job-machine';

// Design 6: who may see or do what to a job or a user, decided here once. The server throws through
// thin require* guards over these answers; the web asks the same questions of the same functions.

/** Who is asking. A coordinator's `coordinatorZips` are the ZIP codes they serve; without them they serve none. */
export interface Viewer {
  id: string;
  role: Role;
  coordinatorZips?: readonly string[];
}

/** A job as the rules here read it: its status as it stands now (a run-out lock is posted) and its people. */
export interface JobAccessFacts {
  status: JobStatus;
  teenId: string | null;
  /** Null in a job as a teen's client received it while open (jobDisclosure). */
  homeownerId: string | null;
  zipCode: string;
}

/**
 * How much of a job a viewer sees: all of it; its public face only (another teen's accepted job, spec 2's
 * 'Job Accepted!' for others: no address and not who took it); or nothing (it does not exist for them).
 */
export type JobVisibility = 'full' | 'public' | 'none';

export type AccessDecision = { ok: true } | { ok: false; message: string };

const ALLOWED: AccessDecision = { ok: true };
const refuse = (message: string): AccessDecision => ({ ok: false, message });

/** Statuses in which a job is open to every teen (the explorer's jobs). */
export const OPEN_STATUSES: readonly JobStatus[] = ['posted', 'locked'];

function isAreaCoordinator(viewer: Viewer, zipCode: string): boolean {
  return viewer.role === 'coordinator' && (viewer.coordinatorZips ?? []).includes(zipCode);
}

/** The job's homeowner, its teen, or the coordinator of its area. */
function isJobParty(viewer: Viewer, job: Omit<JobAccessFacts, 'status'>): boolean {
  switch (viewer.role) {
    case 'homeowner':
      return job.homeownerId === viewer.id;
    case 'teen':
      return job.teenId === viewer.id;
    case 'coordinator':
      return isAreaCoordinator(viewer, job.zipCode);
    case 'admin':
      return false;
  }
}

/** Admins see every job; its people see it whole; other teens see it while open, and only its public face once another teen accepted it. */
export function jobVisibility(viewer: Viewer, job: JobAccessFacts): JobVisibility {
  if (viewer.role === 'admin' || isJobParty(viewer, job)) return 'full';
  if (viewer.role !== 'teen') return 'none';
  if (OPEN_STATUSES.includes(job.status)) return 'full';
  return job.status === 'accepted' ? 'public' : 'none';
}

/** What of a job's place and people a viewer sees (the mapper shapes the job by it). */
export interface JobDisclosure {
  /** 'full': the location as posted; 'street': without the house number (streetAndTown); 'none': no location. */
  address: 'full' | 'street' | 'none';
  homeownerId: boolean;
  /** Who holds the job's lock or took it. */
  teenId: boolean;
}

const EVERYTHING: JobDisclosure = { address: 'full', homeownerId: true, teenId: true };
const NOTHING: JobDisclosure = { address: 'none', homeownerId: false, teenId: false };

/**
 * Privacy (issue 20): while a job is open, a teen, its lock holder included, sees its street and town
 * but not the house number, nor who posted it, and learns who holds its lock only if it is them. The
 * whole address goes to the teen once they accepted it, its homeowner, its area's coordinator and admins.
 */
export function jobDisclosure(viewer: Viewer, job: JobAccessFacts): JobDisclosure {
  if (jobVisibility(viewer, job) !== 'full') return NOTHING;
  if (viewer.role !== 'teen') return EVERYTHING;
  const isTheirs = job.teenId === viewer.id;
  if (isTheirs && !OPEN_STATUSES.includes(job.status)) return EVERYTHING;
  return { address: 'street', homeownerId: false, teenId: isTheirs };
}

/** jobVisibility of a stored job at `now`: a lock that ran out counts as posted. */
export function jobVisibilityAt(viewer: Viewer, job: JobState, now: Date): JobVisibility {
  return jobVisibility(viewer, { ...job, status: effectiveStatus(job, now) });
}

/** Whether the viewer may ask the state machine about the job at all (it decides the rest): only a job they see whole. */
export function canActOnJob(viewer: Viewer, job: JobState, now: Date): boolean {
  return jobVisibilityAt(viewer, job, now) === 'full';
}

/** A job's people as teenNameFor reads them, as the job stands now (a run-out lock has no teen). */
export interface TeenNameFacts extends Omit<JobAccessFacts, 'status'> {
  /** Set once the teen accepted (finalize); a lock alone leaves it null. */
  acceptedAt: Date | null;
}

/**
 * The job's teen as the viewer may name them. Privacy: the full name reaches only the teen, the area's
 * coordinator and admins; the job's homeowner reads 'Maya L.' once the teen has accepted (a lock is a
 * teen still deciding, spec 2: 'A teen is deciding'); anyone else, nothing.
 */
export function teenNameFor(viewer: Viewer, job: TeenNameFacts, teenFullName: string | null): string | null {
  if (job.teenId === null || teenFullName === null) return null;
  const isTheTeen = viewer.role === 'teen' && viewer.id === job.teenId;
  if (isTheTeen || viewer.role === 'admin' || isAreaCoordinator(viewer, job.zipCode)) return teenFullName;
  if (viewer.role === 'homeowner' && viewer.id === job.homeownerId && job.acceptedAt !== null) return firstNameAndInitial(teenFullName);
  return null;
}

/** 'Maya Lopez' -> 'Maya L.': a first name and the last word's initial ('Maya' stays 'Maya'). */
export function firstNameAndInitial(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  // Array.from: the initial is a whole character, even outside the Basic Multilingual Plane.
  const initial = words.length > 1 ? Array.from(words[words.length - 1] ?? '')[0]?.toUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}

/** What a job list asks for: whose jobs, and in which statuses. */
export interface JobListFilter {
  teenId?: string | undefined;
  homeownerId?: string | undefined;
  coordinatorId?: string | undefined;
  status?: readonly JobStatus[] | undefined;
}

/**
 * Design 6: an id in a list's filter must be the viewer's own (an admin may name anyone; a coordinator
 * may narrow their area's list to one teen or homeowner, which stays inside their area); teens list
 * other people's jobs only while open (posted when no status is asked).
 */
export function mayListJobs(viewer: Viewer, filter: JobListFilter): AccessDecision {
  const isAdmin = viewer.role === 'admin';
  const supervising = viewer.role === 'coordinator';
  const ids = [
    ['teenId', filter.teenId, supervising],
    ['homeownerId', filter.homeownerId, supervising],
    ['coordinatorId', filter.coordinatorId, false],
  ] as const;
  for (const [label, id, alsoAllowed] of ids) {
    if (id && id !== viewer.id && !isAdmin && !alsoAllowed) return refuse(`You can only list your own jobs (${label}).`);
  }
  if (viewer.role === 'teen' && !filter.teenId && (filter.status ?? ['posted']).some((s) => !OPEN_STATUSES.includes(s))) {
    return refuse("Teens see other people's jobs only while they are open.");
  }
  if (viewer.role === 'homeowner' && (filter.teenId || filter.coordinatorId)) return refuse('Homeowners list their own jobs.');
  return ALLOWED;
}

/** A person's own records (wallet, consent status, notifications, counters): theirs, and any admin's to read. */
export function canReadUser(viewer: Viewer, userId: string): boolean {
  return viewer.id === userId || viewer.role === 'admin';
}

/** A person's account settings (availability): theirs, and any admin's to change. */
export function canChangeUser(viewer: Viewer, userId: string): boolean {
  return viewer.id === userId || viewer.role === 'admin';
}

/** An id a caller names as themself (a body's teenId or homeownerId, their notifications to mark): nobody acts as someone else, admins included. */
export function canActAs(viewer: Viewer, userId: string): boolean {
  return viewer.id === userId;
}

/** The jobs whose records (disputes) a viewer may see: all (admins), their area's (coordinators), or the ones they are party to. */
export type JobRecordScope =
  | { kind: 'all' }
  | { kind: 'area'; zipCodes: readonly string[] }
  | { kind: 'homeowner'; homeownerId: string }
  | { kind: 'teen'; teenId: string };

export function jobRecordScope(viewer: Viewer): JobRecordScope {
  switch (viewer.role) {
    case 'admin':
      return { kind: 'all' };
    case 'coordinator':
      return { kind: 'area', zipCodes: viewer.coordinatorZips ?? [] };
    case 'homeowner':
      return { kind: 'homeowner', homeownerId: viewer.id };
    case 'teen':
      return { kind: 'teen', teenId: viewer.id };
  }
}

/** A dispute is settled by the area's coordinator or an admin. */
export function canResolveDispute(viewer: Viewer, job: Pick<JobAccessFacts, 'zipCode'>): boolean {
  return viewer.role === 'admin' || isAreaCoordinator(viewer, job.zipCode);
}

/** A consent request held for review (issue 20) is approved or refused by the teen's area coordinator or an admin. */
export function canReviewHeldConsent(viewer: Viewer, teenZipCode: string | null): boolean {
  return viewer.role === 'admin' || (teenZipCode !== null && isAreaCoordinator(viewer, teenZipCode));
}

/** A teen's work hours and the limits on them (issue 21): the teen themself, the coordinator of their ZIP code, admins. */
export function canReadTeenWorkHours(viewer: Viewer, teen: { id: string; zipCode: string | null }): boolean {
  return viewer.id === teen.id || viewer.role === 'admin' || (teen.zipCode !== null && isAreaCoordinator(viewer, teen.zipCode));
}

/**
 * A teen's progress and reputation (issue 16: stats, achievements, challenge progress): the teen, the
 * coordinator of their ZIP code, admins, and a homeowner for whom the teen has taken a job.
 */
export function canReadTeenProgress(viewer: Viewer, teen: { id: string; zipCode: string | null }, hasTakenAJobOfViewer: boolean): boolean {
  return canReadTeenWorkHours(viewer, teen) || (viewer.role === 'homeowner' && hasTakenAJobOfViewer);
}

/**
 * The reviews a person received (issue 16): a teen's go to the readers of their progress; a
 * homeowner's to the homeowner, admins, the coordinator of their ZIP code and a teen who has taken a
 * job of theirs. `workedTogether`: the viewer and the person are the homeowner and teen of a job the teen accepted.
 */
export function canReadReviewsOf(viewer: Viewer, person: { id: string; role: Role; zipCode: string | null }, workedTogether: boolean): boolean {
  if (person.role === 'teen') return canReadTeenProgress(viewer, person, workedTogether);
  if (viewer.id === person.id || viewer.role === 'admin') return true;
  if (person.role !== 'homeowner') return false;
  return (person.zipCode !== null && isAreaCoordinator(viewer, person.zipCode)) || (viewer.role === 'teen' && workedTogether);
}
