import { WORK_DAY_END_HOUR, type JobStatus } from '../../contract/job-constants';
import { weekOf, type LocalClock, type LocalDate } from '../calendar';

/** One of the teen's jobs as the hour limits count it: the local day it counts toward, and for how long. */
export interface WorkEntry {
  jobId: string;
  day: LocalDate;
  minutes: number;
}

/** The teen's other work that counts against the limits on a day (never the job being decided). */
export interface Booked {
  dayMinutes: number;
  weekMinutes: number;
  /** The days of the day's week the teen works on. */
  daysWorked: readonly LocalDate[];
}

export const NOTHING_BOOKED: Booked = { dayMinutes: 0, weekMinutes: 0, daysWorked: [] };

/** A teen's job as workEntries reads it. */
export interface CountedJob {
  id: string;
  status: JobStatus;
  estimatedDuration: number;
  startedAt: Date | null;
  completedAt: Date | null;
}

/** Statuses of work that was done: its real time counts. A refunded job was completed before its dispute. */
const DONE: readonly JobStatus[] = ['completed', 'verified', 'paid', 'disputed', 'refunded'];

/**
 * What each of a teen's jobs counts (issue 21): work done, its real time from start to completion on
 * the local day it started; work in progress, its estimated duration on that day; a job accepted and
 * not started, its estimated duration today (jobs carry no date: the teen is about to do it). Nothing
 * else counts. Work ends by Yardly's 8 PM, so a completion tapped later (the next morning, days after)
 * counts until then: a forgotten tap is not three days of work.
 */
export function workEntries(jobs: readonly CountedJob[], today: LocalDate, localClockOf: (at: Date) => LocalClock): WorkEntry[] {
  const entries: WorkEntry[] = [];
  for (const job of jobs) {
    if (job.status === 'accepted') {
      entries.push({ jobId: job.id, day: today, minutes: job.estimatedDuration });
      continue;
    }
    if (!job.startedAt) continue;
    const started = localClockOf(job.startedAt);
    if (job.status === 'in_progress') entries.push({ jobId: job.id, day: started.date, minutes: job.estimatedDuration });
    else if (DONE.includes(job.status) && job.completedAt) {
      const worked = (job.completedAt.getTime() - job.startedAt.getTime()) / 60_000;
      entries.push({ jobId: job.id, day: started.date, minutes: Math.min(worked, Math.max(0, WORK_DAY_END_HOUR * 60 - started.minutes)) });
    }
  }
  return entries;
}

/** The hours and days booked on `day` and in its week (Sunday to Saturday), leaving out `exceptJobId`. */
export function bookedOn(work: readonly WorkEntry[], day: LocalDate, exceptJobId: string | null): Booked {
  const { first, last } = weekOf(day);
  let dayMinutes = 0;
  let weekMinutes = 0;
  const daysWorked = new Set<LocalDate>();
  for (const entry of work) {
    if (entry.jobId === exceptJobId || entry.day < first || entry.day > last) continue;
    weekMinutes += entry.minutes;
    daysWorked.add(entry.day);
    if (entry.day === day) dayMinutes += entry.minutes;
  }
  return { dayMinutes, weekMinutes, daysWorked: [...daysWorked] };
}
