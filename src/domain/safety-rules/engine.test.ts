import { describe, expect, it } from 'vitest';
import { NO_PARENT_LIMITS, type ParentLimits } from '../../contract/safety';
import { isSchoolDay, isSchoolWeek, parseSchoolCalendar, type SchoolCalendar } from './school-calendar';
import { decide, decideFor, equipmentRefusal, minimumAgeFor, windowOn, workHours, type JobNeeds, type Situation } from './engine';
import { describeParentLimits, normalizeParentLimits, parentLayer, rulesFor, type SafetyRule } from './rules';
import { bookedOn, workEntries, type CountedJob } from './work';

const CALENDAR: SchoolCalendar = {
  name: 'test',
  // Thanksgiving Thursday and Friday off; Labor Day 2027 is 6 September.
  years: [{ firstDay: '2026-09-02', lastDay: '2027-06-17', daysOff: ['2026-11-26', '2026-11-27'] }],
};
const MA = rulesFor('MA');
const rake: JobNeeds = { equipment: ['rake'], category: 'leaf_raking', physicalDemands: 'medium', estimatedDuration: 60 };
const mower: JobNeeds = { ...rake, equipment: ['lawn_mower', 'rake'], category: 'lawn_care' };
const chainsaw: JobNeeds = { ...rake, equipment: ['chainsaw'], category: 'outdoor_maintenance' };

/** Born 2011-03-10: 15 until 10 March 2027. Tuesday 2026-11-24 is a school day. */
function situation(change: Partial<Situation> = {}): Situation {
  return {
    dateOfBirth: '2011-03-10',
    day: '2026-11-24',
    startMinutes: 15 * 60,
    booked: { dayMinutes: 0, weekMinutes: 0, daysWorked: [] },
    calendar: CALENDAR,
    rules: MA,
    ...change,
  };
}
const ruleIds = (verdict: ReturnType<typeof decide>) => verdict.rules.map((r) => r.id);
const rule = (id: string): SafetyRule => {
  const found = MA.find((r) => r.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};

describe('age on the day of the work', () => {
  it('lets a teen take the mower job from their 16th birthday, not the day before', () => {
    expect(decide('lock', mower, situation({ day: '2027-03-09' })).allowed).toBe(false);
    expect(decide('lock', mower, situation({ day: '2027-03-10' })).allowed).toBe(true);
  });
});

describe('the calendar', () => {
  it('knows school days, holidays, weekends and school weeks', () => {
    expect(isSchoolDay(CALENDAR, '2026-11-24')).toBe(true);
    expect(isSchoolDay(CALENDAR, '2026-11-26')).toBe(false);
    expect(isSchoolDay(CALENDAR, '2026-11-28')).toBe(false);
    expect(isSchoolDay(CALENDAR, '2027-07-06')).toBe(false);
    expect(isSchoolWeek(CALENDAR, '2026-11-28')).toBe(true);
    expect(isSchoolWeek(CALENDAR, '2027-07-06')).toBe(false);
  });

  it('refuses a malformed calendar file with what is wrong', () => {
    expect(() => parseSchoolCalendar({ name: 'x', years: [{ firstDay: '2026-13-01', lastDay: '2027-06-01', daysOff: [] }] }, 'f.json')).toThrow(/f\.json: year 1 needs firstDay/);
    expect(() => parseSchoolCalendar({ name: 'x', years: [{ firstDay: '2026-09-01', lastDay: '2027-06-01', daysOff: ['soon'] }] }, 'f.json')).toThrow(/daysOff/);
    expect(parseSchoolCalendar({ name: 'x', years: [] }, 'f.json')).toEqual({ name: 'x', years: [] });
  });
});

describe('what the job is', () => {
  it('refuses a 15-year-old a mower job with the rule, its citation and what is open instead', () => {
    const verdict = decide('lock', mower, situation());
    expect(verdict).toMatchObject({
      allowed: false,
      message: 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).',
      alternative: 'Jobs that need only hand tools are open to you.',
    });
    expect(ruleIds(verdict)).toEqual(['us-under-16-power-equipment', 'ma-under-16-power-machinery']);
    expect(verdict.rules[0]).toEqual({ id: 'us-under-16-power-equipment', citation: '29 CFR 570.33', text: rule('us-under-16-power-equipment').text });
  });

  it('lets a 15-year-old take a rake job, and refuses a ladder', () => {
    expect(decide('lock', rake, situation())).toEqual({ allowed: true, rules: [], alternative: null });
    expect(ruleIds(decide('lock', { ...rake, equipment: ['ladder'] }, situation()))).toEqual(['us-under-16-ladders']);
  });

  it('lets a 16-year-old take the mower job and refuses them the chain saw', () => {
    const sixteen = situation({ dateOfBirth: '2010-11-01' });
    expect(decide('lock', mower, sixteen).allowed).toBe(true);
    expect(decide('lock', chainsaw, sixteen)).toMatchObject({
      allowed: false,
      message: 'No one under 18 may use a chain saw (federal child labor rule, 29 CFR 570.65, Hazardous Occupations Order 14).',
      alternative: 'Jobs without a chain saw or a wood chipper are open to you.',
    });
  });

  it('follows federal rules only in a state without its own layer', () => {
    const ids = rulesFor('ZZ').map((r) => r.id);
    expect(ids.some((id) => id.startsWith('ma-'))).toBe(false);
    expect(ruleIds(decide('lock', mower, situation({ rules: rulesFor('ZZ') })))).toEqual(['us-under-16-power-equipment']);
  });

  it('refuses under-14s and teens whose age nobody confirmed', () => {
    expect(ruleIds(decide('lock', rake, situation({ dateOfBirth: '2013-01-01' })))).toEqual(['yardly-minimum-age']);
    expect(ruleIds(decide('lock', rake, situation({ dateOfBirth: null })))).toEqual(['yardly-confirmed-age']);
  });

  it("sets no legal rule for adults, but Yardly's hours hold for every teen account, also past 18", () => {
    expect(decide('start', chainsaw, situation({ dateOfBirth: '2008-01-01', startMinutes: 14 * 60 })).allowed).toBe(true);
    for (const dateOfBirth of ['2008-01-01', '2005-01-01']) {
      expect(ruleIds(decide('start', chainsaw, situation({ dateOfBirth, startMinutes: 23 * 60 })))).toEqual(['yardly-time-of-day']);
    }
  });

  it('gives each job the youngest age that may take it', () => {
    expect(minimumAgeFor(['rake', 'push_reel_mower'], MA)).toBe(14);
    expect(minimumAgeFor([], MA)).toBe(14);
    expect(minimumAgeFor(['lawn_mower'], MA)).toBe(16);
    expect(minimumAgeFor(['ladder'], rulesFor('ZZ'))).toBe(16);
    expect(minimumAgeFor(['rake', 'wood_chipper'], MA)).toBe(18);
  });

  it("says why equipment bars an age on any day, in the words decide gives the teen, and nothing for what it allows", () => {
    const fifteen = equipmentRefusal(15, ['rake', 'lawn_mower'], MA);
    expect(fifteen).toEqual({ ...decide('lock', mower, situation()), allowed: false });
    expect(fifteen?.message).toBe('Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).');
    expect(equipmentRefusal(16, ['rake', 'lawn_mower'], MA)).toBeNull();
    expect(equipmentRefusal(17, ['chainsaw'], MA)?.message).toBe('No one under 18 may use a chain saw (federal child labor rule, 29 CFR 570.65, Hazardous Occupations Order 14).');
    expect(equipmentRefusal(14, ['rake', 'push_reel_mower'], MA)).toBeNull();
  });
});

describe('the time of day, at the start of work', () => {
  const at = (hour: number, minute: number, day = '2026-11-24') => decide('start', rake, situation({ startMinutes: hour * 60 + minute, day }));

  it('opens at 7:00 AM for under-16s, not 6:59', () => {
    expect(at(6, 59)).toMatchObject({
      allowed: false,
      message: 'Teens under 16 may work only between 7 AM and 7 PM, or until 9 PM from June 1 through Labor Day (federal child labor rule, 29 CFR 570.35(a)(6)).',
      alternative: 'You may start at 7:00 AM.',
      waits: true,
    });
    expect(ruleIds(at(6, 59))).toEqual(['us-under-16-time-of-day', 'ma-under-16-time-of-day']);
    expect(at(7, 0).allowed).toBe(true);
  });

  it('must finish by 7:00 PM outside summer: a one-hour job starts by 6:00 PM', () => {
    expect(at(18, 0).allowed).toBe(true);
    expect(at(18, 1)).toMatchObject({ allowed: false, alternative: 'This job takes 1 hour, so it must start by 6:00 PM. You may start it tomorrow from 7:00 AM.' });
  });

  it.each([
    ['us-under-16-time-of-day', '2027-05-31', 19],
    ['us-under-16-time-of-day', '2027-06-01', 21],
    ['us-under-16-time-of-day', '2027-06-30', 21],
    ['ma-under-16-time-of-day', '2027-06-30', 19],
    ['ma-under-16-time-of-day', '2027-07-01', 21],
    ['ma-under-16-time-of-day', '2027-09-06', 21],
    ['ma-under-16-time-of-day', '2027-09-07', 19],
    ['us-under-16-time-of-day', '2027-09-07', 19],
  ])('%s ends on %s at %i:00', (id, day, endHour) => {
    const limit = rule(id).limit;
    if (limit.kind !== 'time-window') throw new Error('not a window');
    expect(windowOn(limit, day)).toEqual({ start: 7 * 60, end: endHour * 60 });
  });

  it('opens at 6:00 AM and ends at 8:00 PM on Yardly for everyone: a one-hour job starts by 7:00 PM', () => {
    const adult = (minutes: number) => decide('start', rake, situation({ dateOfBirth: '2008-01-01', startMinutes: minutes }));
    expect(adult(5 * 60 + 59)).toMatchObject({ allowed: false, message: 'On Yardly, all work happens between 6 AM and 8 PM (Yardly safety rules).', alternative: 'You may start at 6:00 AM.', waits: true });
    expect(adult(6 * 60).allowed).toBe(true);
    expect(adult(19 * 60).allowed).toBe(true);
    expect(adult(19 * 60 + 1)).toMatchObject({ allowed: false, alternative: 'This job takes 1 hour, so it must start by 7:00 PM. You may start it tomorrow from 6:00 AM.' });
  });

  it('refuses at every stage a job longer than any day allows, without telling the teen to wait', () => {
    const limits = [...MA, ...parentLayer({ ...NO_PARENT_LIMITS, latestFinish: '09:00' })];
    const verdict = decide('lock', { ...rake, estimatedDuration: 180 }, situation({ rules: limits }));
    expect(verdict).toMatchObject({ allowed: false, message: "Your parent's limit: work ends by 9:00 AM.", alternative: 'Jobs of up to 2 hours are open to you.', waits: false });
    expect(ruleIds(verdict)).toEqual(['parent-latest-finish', 'us-under-16-time-of-day']);
    expect(decide('lock', { ...rake, estimatedDuration: 120 }, situation({ rules: limits })).allowed).toBe(true);
  });

  it('keeps the stricter rule: in June Massachusetts still ends at 7 PM, and Yardly at 8 PM for everyone under 18', () => {
    const june = situation({ dateOfBirth: '2012-01-01', day: '2027-06-15', startMinutes: 18 * 60 + 30 });
    expect(ruleIds(decide('start', rake, june))).toEqual(['ma-under-16-time-of-day']);
    const seventeen = situation({ dateOfBirth: '2010-06-01', day: '2027-06-15', startMinutes: 19 * 60 + 30 });
    expect(ruleIds(decide('start', rake, seventeen))).toEqual(['yardly-time-of-day']);
  });

  it('does not look at the clock when locking or accepting', () => {
    expect(decide('accept', rake, situation({ startMinutes: 23 * 60 })).allowed).toBe(true);
  });
});

describe('hours and days', () => {
  const booked = (dayMinutes: number, weekMinutes = dayMinutes, daysWorked: string[] = []) => ({ dayMinutes, weekMinutes, daysWorked });

  it('allows exactly 3 hours on a school day and refuses 3.01', () => {
    expect(decide('accept', rake, situation({ booked: booked(120) })).allowed).toBe(true);
    const over = decide('accept', rake, situation({ booked: booked(120.6) }));
    expect(ruleIds(over)).toEqual(['us-under-16-school-day', 'ma-under-16-school-day']);
    expect(over).toMatchObject({ message: 'Teens under 16 may work at most 3 hours on a school day (federal child labor rule, 29 CFR 570.35(a)(5)).' });
  });

  it('refuses a 15-year-old with 2.5 hours booked on a school day a 1-hour job, and says what is left', () => {
    expect(decide('accept', rake, situation({ booked: booked(150) }))).toMatchObject({
      allowed: false,
      alternative: 'You have 0.5 hours left today; this job takes 1 hour.',
    });
    expect(decide('lock', rake, situation({ booked: booked(150) })).allowed).toBe(true);
  });

  it('allows 8 hours on a school holiday and on a Saturday', () => {
    const long = { ...rake, estimatedDuration: 240 };
    expect(decide('accept', long, situation({ day: '2026-11-26', booked: booked(240) })).allowed).toBe(true);
    expect(decide('accept', long, situation({ day: '2026-11-28', booked: booked(241) })).allowed).toBe(false);
  });

  it('counts 18 hours in a school week and 40 in a summer week', () => {
    expect(decide('accept', rake, situation({ day: '2026-11-28', booked: booked(0, 17 * 60) })).allowed).toBe(true);
    expect(ruleIds(decide('accept', rake, situation({ day: '2026-11-28', booked: booked(0, 17 * 60 + 1) })))).toEqual(['us-under-16-school-week', 'ma-under-16-school-week']);
    const summer = (weekMinutes: number) => situation({ dateOfBirth: '2012-01-01', day: '2027-07-06', booked: booked(0, weekMinutes) });
    expect(decide('accept', rake, summer(39 * 60)).allowed).toBe(true);
    expect(ruleIds(decide('accept', rake, summer(39 * 60 + 1)))).toEqual(['us-under-16-non-school-week', 'ma-under-16-non-school-week']);
  });

  it('gives 16- and 17-year-olds 9 hours a day, 48 a week and 6 days in Massachusetts', () => {
    const sixteen = (change: Partial<Situation>) => situation({ dateOfBirth: '2010-01-01', ...change });
    expect(decide('accept', rake, sixteen({ booked: booked(8 * 60) })).allowed).toBe(true);
    expect(ruleIds(decide('accept', rake, sixteen({ booked: booked(8 * 60 + 1) })))).toEqual(['ma-16-17-day']);
    expect(ruleIds(decide('accept', rake, sixteen({ booked: booked(0, 47 * 60 + 1) })))).toEqual(['ma-16-17-week']);
    const sixDays = ['2026-11-22', '2026-11-23', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
    expect(ruleIds(decide('accept', rake, sixteen({ booked: booked(0, 60, sixDays) })))).toEqual(['ma-16-17-six-days']);
    expect(decide('accept', rake, sixteen({ day: '2026-11-23', booked: booked(0, 60, sixDays) })).allowed).toBe(true);
  });

  it('shows the tightest limits that apply today and this week', () => {
    expect(workHours(situation({ booked: booked(90, 300) }))).toEqual({
      schoolDay: true,
      schoolWeek: true,
      today: { usedMinutes: 90, limitMinutes: 180, rule: expect.objectContaining({ id: 'us-under-16-school-day' }) },
      week: { usedMinutes: 300, limitMinutes: 18 * 60, rule: expect.objectContaining({ id: 'us-under-16-school-week' }) },
    });
    expect(workHours(situation({ dateOfBirth: '2008-01-01' })).today.limitMinutes).toBeNull();
  });
});

describe("a parent's limits", () => {
  const withParent = (limits: Partial<ParentLimits>, change: Partial<Situation> = {}) =>
    situation({ rules: [...MA, ...parentLayer({ ...NO_PARENT_LIMITS, ...limits })], ...change });

  it('tightens the week, the finish time, the kinds of job and hard work', () => {
    expect(decide('accept', rake, withParent({ maxHoursPerWeek: 5 }, { booked: { dayMinutes: 0, weekMinutes: 4 * 60 + 1, daysWorked: [] } }))).toMatchObject({
      allowed: false,
      message: "Your parent's limit: at most 5 hours a week.",
      rules: [expect.objectContaining({ id: 'parent-hours-per-week' })],
    });
    expect(ruleIds(decide('start', rake, withParent({ latestFinish: '17:00' }, { startMinutes: 16 * 60 + 1 })))).toEqual(['parent-latest-finish']);
    expect(ruleIds(decide('lock', rake, withParent({ blockedCategories: ['leaf_raking'] })))).toEqual(['parent-categories']);
    expect(ruleIds(decide('lock', { ...rake, physicalDemands: 'hard' }, withParent({ noHardJobs: true })))).toEqual(['parent-no-hard-jobs']);
  });

  it('stores limits with each kind of job once, in order, and no limits as none; says them in plain words', () => {
    expect(normalizeParentLimits({ ...NO_PARENT_LIMITS, blockedCategories: ['seasonal', 'cleaning', 'seasonal'] })).toEqual({ ...NO_PARENT_LIMITS, blockedCategories: ['cleaning', 'seasonal'] });
    expect(normalizeParentLimits(NO_PARENT_LIMITS)).toBeNull();
    expect(describeParentLimits({ maxHoursPerWeek: 6, latestFinish: '16:30', blockedCategories: ['lawn_care'], noHardJobs: false })).toEqual([
      'at most 6 hours a week',
      'work ends by 4:30 PM',
      'no lawn care jobs',
    ]);
    expect(describeParentLimits(null)).toEqual([]);
  });

  it('cannot loosen the law: 30 hours a week still leaves the 18-hour school week', () => {
    const verdict = decide('accept', rake, withParent({ maxHoursPerWeek: 30 }, { booked: { dayMinutes: 0, weekMinutes: 17 * 60 + 1, daysWorked: [] } }));
    expect(ruleIds(verdict)).toEqual(['us-under-16-school-week', 'ma-under-16-school-week']);
  });
});

describe('the table', () => {
  it('gives every row a unique id, a citation and a plain sentence', () => {
    const ids = MA.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of MA) {
      expect(r.citation.length).toBeGreaterThan(3);
      expect(r.text).toMatch(/^[A-Z].*\.$/);
      expect(r.minAge).toBeLessThanOrEqual(r.maxAge);
    }
  });
});

describe('the hours a teen has booked', () => {
  const at = (iso: string) => new Date(iso);
  // The test's local clock is UTC's: the server passes its TIMEZONE's.
  const utcClock = (instant: Date) => ({ date: instant.toISOString().slice(0, 10), minutes: instant.getUTCHours() * 60 + instant.getUTCMinutes() });
  const job = (id: string, status: CountedJob['status'], startedAt: string | null, completedAt: string | null = null): CountedJob => ({
    id,
    status,
    estimatedDuration: 90,
    startedAt: startedAt ? at(startedAt) : null,
    completedAt: completedAt ? at(completedAt) : null,
  });

  it('counts real time for done work (until 8 PM of its day), the estimate for work in progress and, today, for accepted work', () => {
    const entries = workEntries(
      [
        job('done', 'paid', '2026-11-23T15:00:00Z', '2026-11-23T15:40:00Z'),
        job('refunded', 'refunded', '2026-11-22T15:00:00Z', '2026-11-22T16:00:00Z'),
        job('working', 'in_progress', '2026-11-24T14:00:00Z'),
        job('next', 'accepted', null),
        job('open', 'locked', null),
        job('gone', 'cancelled', null),
        // Started at 6 PM, completed the next morning: counted to 8 PM.
        job('late', 'completed', '2026-11-23T18:00:00Z', '2026-11-24T09:00:00Z'),
      ],
      '2026-11-24',
      utcClock,
    );
    expect(entries).toEqual([
      { jobId: 'done', day: '2026-11-23', minutes: 40 },
      { jobId: 'refunded', day: '2026-11-22', minutes: 60 },
      { jobId: 'working', day: '2026-11-24', minutes: 90 },
      { jobId: 'next', day: '2026-11-24', minutes: 90 },
      { jobId: 'late', day: '2026-11-23', minutes: 120 },
    ]);
  });

  it('adds up a day and its week from Sunday to Saturday, leaving out the job being decided', () => {
    const work = [
      { jobId: 'sat-before', day: '2026-11-21', minutes: 120 },
      { jobId: 'sun', day: '2026-11-22', minutes: 60 },
      { jobId: 'tue-a', day: '2026-11-24', minutes: 30 },
      { jobId: 'tue-b', day: '2026-11-24', minutes: 45 },
      { jobId: 'sun-after', day: '2026-11-29', minutes: 60 },
    ];
    expect(bookedOn(work, '2026-11-24', null)).toEqual({ dayMinutes: 75, weekMinutes: 135, daysWorked: ['2026-11-22', '2026-11-24'] });
    expect(bookedOn(work, '2026-11-24', 'tue-b')).toEqual({ dayMinutes: 30, weekMinutes: 90, daysWorked: ['2026-11-22', '2026-11-24'] });
    expect(bookedOn(work, '2026-11-29', null)).toEqual({ dayMinutes: 60, weekMinutes: 60, daysWorked: ['2026-11-29'] });
  });

  it('decides for a teen from their facts, and will not decide an accept or a start without their hours', () => {
    const book = { rules: MA, calendar: CALENDAR };
    const now = { day: '2026-11-24', minutes: 15 * 60 };
    const teen = { dateOfBirth: '2011-03-10', parentRules: [], work: [{ jobId: 'other', day: '2026-11-24', minutes: 150 }] };
    expect(decideFor('accept', { ...rake, id: 'this' }, teen, book, now)).toMatchObject({ allowed: false, alternative: 'You have 0.5 hours left today; this job takes 1 hour.' });
    // The job already booked is the one being decided: it does not count against itself.
    expect(decideFor('accept', { ...rake, id: 'other' }, teen, book, now).allowed).toBe(true);
    expect(decideFor('lock', { ...mower, id: 'this' }, { ...teen, work: null }, book, now).allowed).toBe(false);
    expect(() => decideFor('start', { ...rake, id: 'this' }, { ...teen, work: null }, book, now)).toThrow(/booked work/);
  });
});
