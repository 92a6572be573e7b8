import { describe, expect, it } from 'vitest';
import { localClock } from './calendar';
import { middayZone } from './midday-zone';
import { decideFor, type JobNeeds, type TeenFacts } from './safety-rules/engine';
import { rulesFor } from './safety-rules/rules';
import type { SchoolCalendar } from './safety-rules/school-calendar';

const QUARTER_HOUR_MS = 15 * 60_000;

/** Every quarter hour of the UTC day `date`. */
function quarterHoursOf(date: string): Date[] {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return Array.from({ length: 96 }, (_, i) => new Date(midnight + i * QUARTER_HOUR_MS));
}

/** School on every weekday: the 15-year-old's 3 hours a school day hold wherever the zone puts the day. */
const SCHOOL_EVERY_WEEKDAY: SchoolCalendar = { name: 'every weekday', years: [{ firstDay: '2026-01-01', lastDay: '2027-12-31', daysOff: [] }] };

/** The starts the journeys make (e2e/job-moves-from-posted-to-verified, e2e/teen-earns-xp-and-a-review). */
const DECK_JOB_OF_THE_15_YEAR_OLD: JobNeeds & { id: string } = { id: 'deck', equipment: [], category: 'outdoor_maintenance', physicalDemands: 'medium', estimatedDuration: 90 };
const RAKE_JOB_OF_THE_16_YEAR_OLD: JobNeeds & { id: string } = { id: 'rake', equipment: ['rake'], category: 'leaf_raking', physicalDemands: 'hard', estimatedDuration: 120 };

/** A teen `age` years old all year (born on 1 January), with no other work. */
const teenOf = (age: number, day: string): TeenFacts => ({ dateOfBirth: `${Number(day.slice(0, 4)) - age}-01-01`, parentRules: [], work: [] });

/** How long a run of the journeys may take on a loaded machine, and then some. */
const RUN_MS = 60 * 60_000;

describe('middayZone', () => {
  // A Wednesday in term, a summer day (later evening limits) and a Saturday.
  it.each(['2026-11-25', '2026-07-15', '2026-11-28'])(
    'chosen at any quarter hour of %s (UTC), is at 11:30 AM-12:30 PM, and lets the demo teens of 15 and 16 start the journeys’ jobs for the hour after, even on a school day in Massachusetts',
    (date) => {
      const book = { rules: rulesFor('MA'), calendar: SCHOOL_EVERY_WEEKDAY };
      for (const chosenAt of quarterHoursOf(date)) {
        const zone = middayZone(chosenAt);
        const chosen = localClock(chosenAt, zone);
        expect(chosen.minutes, `${zone} at ${chosenAt.toISOString()}`).toBeGreaterThanOrEqual(11 * 60 + 30);
        expect(chosen.minutes, `${zone} at ${chosenAt.toISOString()}`).toBeLessThanOrEqual(12 * 60 + 30);
        for (let later = 0; later <= RUN_MS; later += QUARTER_HOUR_MS) {
          const { date: day, minutes } = localClock(new Date(chosenAt.getTime() + later), zone);
          // The hour after noon never crosses midnight: the run keeps the day the zone was chosen on.
          expect(day).toBe(chosen.date);
          for (const [age, job] of [[15, DECK_JOB_OF_THE_15_YEAR_OLD], [16, RAKE_JOB_OF_THE_16_YEAR_OLD]] as const) {
            const verdict = decideFor('start', job, teenOf(age, day), book, { day, minutes });
            expect(verdict, `${zone} at ${chosenAt.toISOString()} + ${later / 60_000} min, age ${age}`).toMatchObject({ allowed: true });
          }
        }
      }
    },
  );

  it('names the offset as Etc/GMT does, with the opposite sign', () => {
    expect(middayZone(new Date('2026-11-26T17:00:00Z'))).toBe('Etc/GMT+5');
    expect(middayZone(new Date('2026-11-26T03:00:00Z'))).toBe('Etc/GMT-9');
    expect(middayZone(new Date('2026-11-26T12:10:00Z'))).toBe('Etc/GMT');
    expect(localClock(new Date('2026-11-26T03:00:00Z'), 'Etc/GMT-9')).toEqual({ date: '2026-11-26', minutes: 12 * 60 });
  });

  it('lets a start through at 10 PM in Boston, which the default TIMEZONE refuses', () => {
    const night = new Date('2026-11-26T03:00:00Z');
    const book = { rules: rulesFor('MA'), calendar: SCHOOL_EVERY_WEEKDAY };
    const startIn = (zone: string) => {
      const { date: day, minutes } = localClock(night, zone);
      return decideFor('start', RAKE_JOB_OF_THE_16_YEAR_OLD, teenOf(16, day), book, { day, minutes });
    };
    expect(startIn('America/New_York')).toMatchObject({ allowed: false, rules: expect.arrayContaining([expect.objectContaining({ id: 'yardly-time-of-day' })]) });
    expect(startIn(middayZone(night))).toMatchObject({ allowed: true });
  });
});
