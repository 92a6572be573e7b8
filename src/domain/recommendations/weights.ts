import type { JobCategory } from '../../contract/job-constants';
import type { WeatherPreference } from '../../contract/preference-constants';

/**
 * How much each fact of a job counts towards its match score (issue 15): the points a job earns at
 * best for each, summing to 100, so the score reads as a percentage. The one table of weights; every
 * term of the score (plan.ts) takes its maximum from here.
 */
export const WEIGHTS = {
  /** The job is of a kind the teen ticked: what they asked for weighs most. No kind ticked: half, for every job. */
  preferredCategory: 25,
  /** Closer is better: full points at the teen's own ZIP code, none at their distance limit (farther is filtered out). */
  distance: 15,
  /** Pay per hour, from PAY_PER_HOUR_FLOOR (none) to PAY_PER_HOUR_TOP (full): what a teen earns for their time, not the total. */
  payPerHour: 15,
  /**
   * Duration against the teen's longest job: full points for a very short job, half at the limit (longer
   * is filtered out). 5, not 10, since the weather took half: the limit itself already keeps long jobs out.
   */
  duration: 5,
  /**
   * The job fits inside one of the teen's preferred times of day (TIME_SLOT_HOURS) as far as the law lets
   * them work today (legalHoursOn: a 15-year-old's evening ends at 7 PM, and a school day holds 3 hours);
   * none ticked counts as any time.
   */
  timeSlot: 10,
  /** The job's physical demands suit the teen's experience (EXPERIENCE_FIT): beginners easy work, the advanced harder. */
  experience: 10,
  /** A ZIP code where the teen has done a job before, when they prefer familiar neighbourhoods. */
  familiarNeighborhood: 5,
  /** Categories the teen has completed before: a share per completed job of that kind, full at HISTORY_FULL_AT jobs. */
  ownHistory: 5,
  /** A coordinator serves the job's ZIP code, when the teen asks for adult supervision; without that ask, every job gets it. */
  supervision: 5,
  /**
   * The weather the job's kind is done in (CATEGORY_WEATHER) is one the teen ticked; none ticked counts
   * as any weather. Jobs carry no date and Yardly has no forecast, so the kind of work is what says it.
   */
  weather: 5,
} as const;
export type Weight = keyof typeof WEIGHTS;

/** Dollars an hour that earn no pay points, and that earn them all (a $15 half-hour job is $30/h). */
export const PAY_PER_HOUR_FLOOR = 10;
export const PAY_PER_HOUR_TOP = 40;

/** Completed jobs of a category that earn the own-history points in full. */
export const HISTORY_FULL_AT = 3;

/**
 * The share of the experience points each physical demand earns for each level: a beginner is best
 * matched with easy work, an advanced teen with hard work (they can do the rest, so it still earns some).
 */
export const EXPERIENCE_FIT = {
  beginner: { easy: 1, medium: 0.5, hard: 0 },
  intermediate: { easy: 0.7, medium: 1, hard: 0.5 },
  advanced: { easy: 0.4, medium: 0.7, hard: 1 },
} as const;

/**
 * The weather each kind of job is done in, in spec 5's weather values (sunny, cloudy, light_rain,
 * overcast) and nothing else. With no forecast and no date on a job, its category is what implies its
 * weather; a job earns the weather points when the teen ticked one of these (or no weather at all).
 */
export const CATEGORY_WEATHER: Record<JobCategory, readonly WeatherPreference[]> = {
  /** Mowing and edging want dry grass: fair weather, not rain. */
  lawn_care: ['sunny', 'cloudy', 'overcast'],
  /** Wet leaves mat and will not rake or bag: fair weather. */
  leaf_raking: ['sunny', 'cloudy', 'overcast'],
  /**
   * Snow and cold: the spec's values have neither, so the nearest, the grey and wet end of them. A teen
   * who ticked only sunny and cloudy (the default) asked for fair weather, which a snow job is not.
   */
  snow_shoveling: ['overcast', 'light_rain'],
  /** Gutters, garages, windows, cleanups: done in any of the four. */
  cleaning: ['sunny', 'cloudy', 'light_rain', 'overcast'],
  /** Painting, staining, fence and deck repair need dry surfaces: fair weather. */
  outdoor_maintenance: ['sunny', 'cloudy', 'overcast'],
  /** Holiday lights, storm and season cleanups: any of the four. */
  seasonal: ['sunny', 'cloudy', 'light_rain', 'overcast'],
  /** Digging, planting and mulching in the rain is mud: fair weather. */
  landscaping: ['sunny', 'cloudy', 'overcast'],
};

/** A term at or above this share of its weight is worth telling the teen as a reason. */
export const REASON_MIN_SHARE = 0.5;
