import type { JobCategory } from '../../contract/job-constants';
import type { ChallengeState, Season } from '../../contract/progress';
import { addDays, type LocalDate } from '../calendar';

// Seasons and seasonal challenges (spec 3 and 4, issue 16). Seasons are the meteorological ones,
// whole months, in the service's time zone: a challenge's last day is the season's last day.

const SEASON_BY_MONTH: readonly Season[] = ['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'fall', 'fall', 'fall', 'winter'];

export interface SeasonSpan {
  season: Season;
  /** The season's first and last days; winter runs from 1 December into the next year. */
  first: LocalDate;
  last: LocalDate;
}

/** The season a day falls in, and its first and last days. */
export function seasonOf(day: LocalDate): SeasonSpan {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const season = SEASON_BY_MONTH[month - 1] ?? 'winter';
  // The season's first month: March, June, September or December (of last year in January and February).
  const firstMonth = season === 'winter' ? 12 : month - ((month - 3) % 3);
  const firstYear = season === 'winter' && month < 12 ? year - 1 : year;
  const first = `${firstYear}-${String(firstMonth).padStart(2, '0')}-01`;
  const nextFirstMonth = firstMonth === 12 ? 3 : firstMonth + 3;
  const nextFirstYear = firstMonth === 12 ? firstYear + 1 : firstYear;
  const last = addDays(`${nextFirstYear}-${String(nextFirstMonth).padStart(2, '0')}-01`, -1);
  return { season, first, last };
}

export interface ChallengeTemplate {
  title: string;
  description: string;
  jobsCount: number;
  categories: JobCategory[];
  rewardPoints: number;
  rewardTitle: string;
  maxParticipants: number | null;
}

/** The challenge Yardly runs each season, on every database, so a teen always has one to join. */
export const SEASON_CHALLENGES: Readonly<Record<Season, ChallengeTemplate>> = {
  spring: { title: 'Spring Cleanup Crew', description: 'Get paid for 3 cleaning, landscaping or lawn care jobs this spring.', jobsCount: 3, categories: ['cleaning', 'landscaping', 'lawn_care'], rewardPoints: 150, rewardTitle: 'Spring Sprout', maxParticipants: 500 },
  summer: { title: 'Summer Lawn Pro', description: 'Get paid for 5 lawn care or landscaping jobs this summer.', jobsCount: 5, categories: ['lawn_care', 'landscaping'], rewardPoints: 250, rewardTitle: 'Lawn Legend', maxParticipants: 500 },
  fall: { title: 'Fall Leaf Rush', description: 'Get paid for 3 leaf raking, outdoor maintenance or seasonal jobs this fall.', jobsCount: 3, categories: ['leaf_raking', 'outdoor_maintenance', 'seasonal'], rewardPoints: 150, rewardTitle: 'Leaf Legend', maxParticipants: 500 },
  winter: { title: 'Snow Squad', description: 'Get paid for 3 snow shoveling or seasonal jobs this winter.', jobsCount: 3, categories: ['snow_shoveling', 'seasonal'], rewardPoints: 200, rewardTitle: 'Snow Hero', maxParticipants: 500 },
};

/** The season's own challenge as of `today`, with the key that makes seeding it idempotent ('season:fall:2026'). */
export function seasonChallengeFor(today: LocalDate): ChallengeTemplate & { seedKey: string; season: Season; startDate: LocalDate; endDate: LocalDate } {
  const span = seasonOf(today);
  return { ...SEASON_CHALLENGES[span.season], seedKey: `season:${span.season}:${span.first.slice(0, 4)}`, season: span.season, startDate: span.first, endDate: span.last };
}

/** Spec 4: a challenge is active while its flag is on and its end date (included) has not passed. */
export function isChallengeActive(challenge: { isActive: boolean; endDate: LocalDate }, today: LocalDate): boolean {
  return challenge.isActive && challenge.endDate >= today;
}

/**
 * The state the admins' console shows: ended once its end date has passed (whatever its flag),
 * paused while an admin has switched it off, upcoming before its start date, otherwise active.
 */
export function challengeState(challenge: { isActive: boolean; startDate: LocalDate; endDate: LocalDate }, today: LocalDate): ChallengeState {
  if (challenge.endDate < today) return 'ended';
  if (!challenge.isActive) return 'paused';
  return challenge.startDate > today ? 'upcoming' : 'active';
}
