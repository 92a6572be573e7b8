import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, RECOMMENDATION_REASON_CODES, WEATHER_PREFERENCES, type UserPreferences } from '../../contract/preferences';
import { NO_PARENT_LIMITS } from '../../contract/safety';
import { parentLayer, rulesFor } from '../safety-rules/rules';
import { decideFor, legalHoursOn, type LegalHours } from '../safety-rules/engine';
import type { SchoolCalendar } from '../safety-rules/school-calendar';
import { JOB_CATEGORIES, PAY_MAX, PAY_MIN, PAY_STEP, PHYSICAL_DEMANDS } from '../../contract/job-constants';
import { jobGroupsOf, minPayCents } from './groups';
import { lockLimitsOf } from './lock-limits';
import { hardExclusionsOf, matchPlanOf, type MatchInput, type MatchJob } from './plan';
import { emptyListExclusions, exclusionCounts, excludedMostOf, recommend, scoreJob, type JobTally } from './score';
import { CATEGORY_WEATHER, WEIGHTS } from './weights';

const MILES = new Map([
  ['02139', 0],
  ['02138', 1],
  ['02140', 2],
  ['02141', 3],
  ['02142', 7],
]);

/** No law in the way: the whole day, no daily limit (the legal hours have tests of their own). */
const ANY_HOUR: LegalHours = { start: 0, end: 24 * 60, dayMinutes: null };

let serial = 0;
function job(change: Partial<MatchJob> = {}): MatchJob {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    category: 'lawn_care',
    zipCode: '02138',
    payCents: 3000,
    estimatedDuration: 60,
    physicalDemands: 'easy',
    equipment: [],
    ...change,
  };
}

function input(preferences: Partial<UserPreferences> = {}, change: Partial<MatchInput> = {}): MatchInput {
  return {
    preferences: { ...DEFAULT_PREFERENCES, minMatchScore: 40, ...preferences },
    milesByZip: MILES,
    history: { completedByCategory: {}, workedZips: [] },
    supervisedZips: [],
    legalHours: ANY_HOUR,
    ...change,
  };
}

const ids = (list: { job: MatchJob }[]) => list.map((r) => r.job.id);
const scoreOf = (j: MatchJob, i: MatchInput) => scoreJob(j, matchPlanOf(i)).matchScore;

describe('the weights', () => {
  it('sum to 100, so a score is a percentage', () => {
    expect(Object.values(WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('give a perfect job 100 and every score an integer between 0 and 100', () => {
    const perfect = job({ zipCode: '02139', payCents: 5000, estimatedDuration: 30, physicalDemands: 'easy' });
    const i = input({}, { history: { completedByCategory: { lawn_care: 5 }, workedZips: ['02139'] }, supervisedZips: ['02139'] });
    expect(scoreOf(perfect, i)).toBe(100);
    const worst = job({ category: 'cleaning', zipCode: '02141', payCents: 1500, estimatedDuration: 240, physicalDemands: 'hard' });
    const s = scoreOf(worst, input({ physicalCapability: 'heavy', maxDistance: 3 }));
    expect(Number.isInteger(s)).toBe(true);
    expect(s).toBeGreaterThanOrEqual(0);
  });
});

describe('hard limits: each keeps out only what its name says', () => {
  const cases: { name: string; preferences: Partial<UserPreferences>; out: Partial<MatchJob>; stays: Partial<MatchJob> }[] = [
    { name: 'maxDistance', preferences: { maxDistance: 2 }, out: { zipCode: '02141' }, stays: { zipCode: '02140' } },
    { name: 'maxDistance (unknown ZIP)', preferences: { maxDistance: 15 }, out: { zipCode: '99999' }, stays: { zipCode: '02142' } },
    { name: 'maxJobDuration', preferences: { maxJobDuration: 1.5 }, out: { estimatedDuration: 120 }, stays: { estimatedDuration: 90 } },
    { name: 'physicalCapability light', preferences: { physicalCapability: 'light' }, out: { physicalDemands: 'medium' }, stays: { physicalDemands: 'easy' } },
    { name: 'physicalCapability moderate', preferences: { physicalCapability: 'moderate' }, out: { physicalDemands: 'hard' }, stays: { physicalDemands: 'medium' } },
    { name: 'avoidHeavyLifting', preferences: { physicalCapability: 'heavy', avoidHeavyLifting: true }, out: { physicalDemands: 'hard' }, stays: { physicalDemands: 'medium' } },
    { name: 'toolAccess', preferences: { toolAccess: ['rake'] }, out: { equipment: ['rake', 'shovel'] }, stays: { equipment: ['rake'] } },
  ];
  it.each(cases)('$name', ({ preferences, out, stays }) => {
    const a = job(out);
    const b = job(stays);
    expect(ids(recommend([a, b], input(preferences), 10))).toEqual([b.id]);
  });

  it('lets the same jobs in when the preference is loosened', () => {
    expect(recommend([job({ zipCode: '02141' })], input({ maxDistance: 3 }), 10)).toHaveLength(1);
    expect(recommend([job({ physicalDemands: 'hard' })], input({ physicalCapability: 'heavy' }), 10)).toHaveLength(1);
    expect(recommend([job({ equipment: ['rake', 'shovel'] })], input({ toolAccess: ['rake', 'shovel'] }), 10)).toHaveLength(1);
  });

  it('does not ask for tools outside the preference list (a ladder, a push reel mower)', () => {
    expect(hardExclusionsOf(job({ equipment: ['ladder', 'push_reel_mower'] }), 1, { ...DEFAULT_PREFERENCES })).toEqual([]);
  });
});

describe('the score: each preference moves jobs the way its name says', () => {
  it('preferredCategories: a preferred kind scores higher, and ranks first', () => {
    const lawn = job({ category: 'lawn_care' });
    const cleaning = job({ category: 'cleaning' });
    expect(ids(recommend([cleaning, lawn], input({ preferredCategories: ['lawn_care'] }), 10))[0]).toBe(lawn.id);
    expect(ids(recommend([lawn, cleaning], input({ preferredCategories: ['cleaning'] }), 10))[0]).toBe(cleaning.id);
    // None ticked: no kind wins.
    expect(scoreOf(lawn, input({ preferredCategories: [] }))).toBe(scoreOf(cleaning, input({ preferredCategories: [] })));
  });

  it('distance: closer scores higher; a larger limit makes the same distance count for more', () => {
    const near = job({ zipCode: '02139' });
    const far = job({ zipCode: '02140' });
    expect(scoreOf(near, input())).toBeGreaterThan(scoreOf(far, input()));
    expect(scoreOf(far, input({ maxDistance: 15 }))).toBeGreaterThan(scoreOf(far, input({ maxDistance: 3 })));
  });

  it('pay per hour: more an hour scores higher, not more in total', () => {
    const hourly = job({ payCents: 4000, estimatedDuration: 60 });
    const long = job({ payCents: 8000, estimatedDuration: 240 });
    expect(scoreOf(hourly, input())).toBeGreaterThan(scoreOf(long, input()));
    expect(scoreOf(job({ payCents: 4000 }), input())).toBeGreaterThan(scoreOf(job({ payCents: 2000 }), input()));
  });

  it('maxJobDuration: a job well inside the limit scores higher than one near it', () => {
    expect(scoreOf(job({ estimatedDuration: 60, payCents: 2000 }), input())).toBeGreaterThan(scoreOf(job({ estimatedDuration: 240, payCents: 8000 }), input()));
  });

  it('preferredTimeSlots: a job that fits the evening (3 hours) scores higher there than one that does not', () => {
    const short = job({ estimatedDuration: 180, payCents: 6000 });
    const long = job({ estimatedDuration: 240, payCents: 8000 });
    const evening = input({ preferredTimeSlots: ['evening'] });
    const morning = input({ preferredTimeSlots: ['morning'] });
    expect(scoreOf(short, evening) - scoreOf(long, evening)).toBeGreaterThan(scoreOf(short, morning) - scoreOf(long, morning));
  });

  it('experience: beginners rank easy work first, the advanced hard work', () => {
    const easy = job({ physicalDemands: 'easy' });
    const hard = job({ physicalDemands: 'hard' });
    expect(ids(recommend([hard, easy], input({ experience: 'beginner', physicalCapability: 'heavy' }), 10))[0]).toBe(easy.id);
    expect(ids(recommend([easy, hard], input({ experience: 'advanced', physicalCapability: 'heavy' }), 10))[0]).toBe(hard.id);
  });

  it('preferFamiliarNeighborhoods: a ZIP code worked in before scores higher, only when asked', () => {
    const history = { completedByCategory: {}, workedZips: ['02140'] };
    const familiar = job({ zipCode: '02140' });
    expect(scoreOf(familiar, input({ preferFamiliarNeighborhoods: true }, { history }))).toBeGreaterThan(scoreOf(familiar, input({ preferFamiliarNeighborhoods: true })));
    expect(scoreOf(familiar, input({ preferFamiliarNeighborhoods: false }, { history }))).toBe(scoreOf(familiar, input({ preferFamiliarNeighborhoods: false })));
  });

  it('own history: a category completed before scores higher, more with more jobs', () => {
    const lawn = job();
    const once = input({}, { history: { completedByCategory: { lawn_care: 1 }, workedZips: [] } });
    const thrice = input({}, { history: { completedByCategory: { lawn_care: 3 }, workedZips: [] } });
    expect(scoreJob(lawn, matchPlanOf(once)).points.find((p) => p.weight === 'ownHistory')?.points).toBeGreaterThan(0);
    expect(scoreOf(lawn, thrice)).toBeGreaterThan(scoreOf(lawn, input()));
  });

  it('requireAdultSupervision: a supervised area scores higher only when asked', () => {
    const supervised = job({ zipCode: '02140' });
    const plain = job({ zipCode: '02140' });
    const asked = input({ requireAdultSupervision: true }, { supervisedZips: ['02140'] });
    expect(scoreOf(supervised, asked)).toBeGreaterThan(scoreOf(plain, input({ requireAdultSupervision: true })));
    expect(scoreOf(plain, input({ requireAdultSupervision: false }))).toBe(scoreOf(supervised, input({ requireAdultSupervision: false }, { supervisedZips: ['02140'] })));
  });

  it('minMatchScore: every item reaches it, and raising it leaves fewer', () => {
    const jobs = [job(), job({ category: 'cleaning' }), job({ zipCode: '02141', payCents: 1500 }), job({ physicalDemands: 'medium' })];
    const loose = recommend(jobs, input({ minMatchScore: 40 }), 10);
    const strict = recommend(jobs, input({ minMatchScore: 70 }), 10);
    expect(strict.length).toBeLessThan(loose.length);
    for (const r of strict) expect(r.matchScore).toBeGreaterThanOrEqual(70);
  });

  it('aiMatchingEnabled false: nothing', () => {
    expect(recommend([job()], input({ aiMatchingEnabled: false }), 10)).toEqual([]);
  });
});

describe('time slots count only the hours the law lets the teen work (legalHoursOn)', () => {
  const CALENDAR: SchoolCalendar = { name: 'test', years: [{ firstDay: '2026-09-02', lastDay: '2027-06-17', daysOff: [] }] };
  const book = { rules: rulesFor('MA'), calendar: CALENDAR };
  const teen = (dateOfBirth: string | null, parent = NO_PARENT_LIMITS) => ({ dateOfBirth, parentRules: parentLayer(parent) });
  const FIFTEEN = '2011-03-10';
  const SIXTEEN = '2010-01-15';
  /** 15 in July 2027 (FIFTEEN is 16 by then). */
  const FIFTEEN_IN_2027 = '2012-01-01';
  const SCHOOL_DAY = '2026-11-24';
  const SATURDAY = '2026-11-28';
  const SUMMER_DAY = '2027-07-06';

  it('is the tightest window of the rows that apply and the day’s hours limit', () => {
    // MA and federal law: 7 AM-7 PM under 16, 3 hours on a school day; Yardly's own day ends at 8 PM.
    expect(legalHoursOn(teen(FIFTEEN), book, SCHOOL_DAY)).toEqual({ start: 7 * 60, end: 19 * 60, dayMinutes: 180 });
    expect(legalHoursOn(teen(FIFTEEN), book, SATURDAY)).toEqual({ start: 7 * 60, end: 19 * 60, dayMinutes: 480 });
    expect(legalHoursOn(teen(FIFTEEN_IN_2027), book, SUMMER_DAY)).toEqual({ start: 7 * 60, end: 20 * 60, dayMinutes: 480 });
    expect(legalHoursOn(teen(SIXTEEN), book, SCHOOL_DAY)).toEqual({ start: 6 * 60, end: 20 * 60, dayMinutes: 540 });
    expect(legalHoursOn(teen(null), book, SCHOOL_DAY)).toEqual({ start: 0, end: 0, dayMinutes: 0 });
  });

  const cases: { name: string; dateOfBirth: string | null; day: string; slot: 'morning' | 'afternoon' | 'evening'; minutes: number; credit: boolean; parent?: typeof NO_PARENT_LIMITS }[] = [
    { name: "15, school day: the evening's 5-7 PM holds 2 hours", dateOfBirth: FIFTEEN, day: SCHOOL_DAY, slot: 'evening', minutes: 120, credit: true },
    { name: "15, school day: a 2.5-hour job runs past 7 PM, so not the evening's", dateOfBirth: FIFTEEN, day: SCHOOL_DAY, slot: 'evening', minutes: 150, credit: false },
    { name: '15, school day: 3 hours of evening do not exist', dateOfBirth: FIFTEEN, day: SCHOOL_DAY, slot: 'evening', minutes: 180, credit: false },
    { name: '16, school day: the whole evening, 5-8 PM', dateOfBirth: SIXTEEN, day: SCHOOL_DAY, slot: 'evening', minutes: 180, credit: true },
    { name: '15, summer: the law allows 9 PM, Yardly 8 PM', dateOfBirth: FIFTEEN_IN_2027, day: SUMMER_DAY, slot: 'evening', minutes: 180, credit: true },
    { name: '15, school day: an afternoon holds the 3-hour limit, not 4 hours', dateOfBirth: FIFTEEN, day: SCHOOL_DAY, slot: 'afternoon', minutes: 240, credit: false },
    { name: '15, school day: 3 hours of afternoon', dateOfBirth: FIFTEEN, day: SCHOOL_DAY, slot: 'afternoon', minutes: 180, credit: true },
    { name: '15, Saturday: 4 hours of afternoon', dateOfBirth: FIFTEEN, day: SATURDAY, slot: 'afternoon', minutes: 240, credit: true },
    { name: '15, Saturday: the morning starts at 7 AM, 5 hours', dateOfBirth: FIFTEEN, day: SATURDAY, slot: 'morning', minutes: 300, credit: true },
    { name: '16, Saturday: the morning from 6 AM, 6 hours', dateOfBirth: SIXTEEN, day: SATURDAY, slot: 'morning', minutes: 360, credit: true },
    { name: '15, Saturday: not 6 hours of morning', dateOfBirth: FIFTEEN, day: SATURDAY, slot: 'morning', minutes: 360, credit: false },
    { name: "16, a parent's 6 PM finish: an hour of evening", dateOfBirth: SIXTEEN, day: SATURDAY, slot: 'evening', minutes: 60, credit: true, parent: { ...NO_PARENT_LIMITS, latestFinish: '18:00' } },
    { name: "16, a parent's 6 PM finish: not 90 minutes of evening", dateOfBirth: SIXTEEN, day: SATURDAY, slot: 'evening', minutes: 90, credit: false, parent: { ...NO_PARENT_LIMITS, latestFinish: '18:00' } },
    { name: 'age not confirmed: no slot at all', dateOfBirth: null, day: SCHOOL_DAY, slot: 'afternoon', minutes: 60, credit: false },
  ];
  it.each(cases)('$name', ({ dateOfBirth, day, slot, minutes, credit, parent }) => {
    const legal = legalHoursOn(teen(dateOfBirth, parent), book, day);
    const i = input({ preferredTimeSlots: [slot], maxJobDuration: 8, physicalCapability: 'heavy' }, { legalHours: legal });
    const j = job({ estimatedDuration: minutes });
    expect(scoreJob(j, matchPlanOf(i)).points.find((p) => p.weight === 'timeSlot')?.points).toBe(credit ? WEIGHTS.timeSlot : 0);
    const [only] = recommend([j], i, 1);
    expect(only?.reasons.some((r) => r.code === 'fits_time_slot')).toBe(credit);
    // The same job and slot with the law out of the way always earn the slot.
    expect(scoreJob(j, matchPlanOf({ ...i, legalHours: ANY_HOUR })).points.find((p) => p.weight === 'timeSlot')?.points).toBe(minutes <= 180 || slot !== 'evening' ? WEIGHTS.timeSlot : 0);
  });

  it('no slot ticked counts as any slot, still within the law', () => {
    const legal = legalHoursOn(teen(FIFTEEN), book, SCHOOL_DAY);
    const plan = matchPlanOf(input({ preferredTimeSlots: [] }, { legalHours: legal }));
    expect(scoreJob(job({ estimatedDuration: 180 }), plan).points.find((p) => p.weight === 'timeSlot')?.points).toBe(WEIGHTS.timeSlot);
    expect(scoreJob(job({ estimatedDuration: 240 }), plan).points.find((p) => p.weight === 'timeSlot')?.points).toBe(0);
  });
});

describe("weather: the job's kind implies its weather (CATEGORY_WEATHER)", () => {
  const cases: { category: MatchJob['category']; weather: UserPreferences['weatherPreferences']; points: number; reason: { code: string; text: string } | null }[] = [
    { category: 'lawn_care', weather: ['sunny', 'cloudy'], points: 5, reason: { code: 'fits_weather', text: 'Lawn Care suits the sunny or cloudy weather you picked.' } },
    { category: 'lawn_care', weather: ['light_rain'], points: 0, reason: { code: 'outside_weather', text: 'Lawn Care is done in sunny, cloudy or overcast weather, which you did not pick.' } },
    { category: 'leaf_raking', weather: ['light_rain'], points: 0, reason: { code: 'outside_weather', text: 'Leaf Raking is done in sunny, cloudy or overcast weather, which you did not pick.' } },
    { category: 'leaf_raking', weather: ['overcast'], points: 5, reason: { code: 'fits_weather', text: 'Leaf Raking suits the overcast weather you picked.' } },
    { category: 'snow_shoveling', weather: ['sunny', 'cloudy'], points: 0, reason: { code: 'outside_weather', text: 'Snow Shoveling is done in overcast or light rain weather, which you did not pick.' } },
    { category: 'snow_shoveling', weather: ['sunny', 'light_rain'], points: 5, reason: { code: 'fits_weather', text: 'Snow Shoveling suits the light rain weather you picked.' } },
    { category: 'cleaning', weather: ['light_rain'], points: 5, reason: { code: 'fits_weather', text: 'Cleaning suits the light rain weather you picked.' } },
    { category: 'seasonal', weather: ['sunny'], points: 5, reason: { code: 'fits_weather', text: 'Seasonal suits the sunny weather you picked.' } },
    { category: 'outdoor_maintenance', weather: ['light_rain'], points: 0, reason: { code: 'outside_weather', text: 'Outdoor Maintenance is done in sunny, cloudy or overcast weather, which you did not pick.' } },
    { category: 'landscaping', weather: ['light_rain'], points: 0, reason: { code: 'outside_weather', text: 'Landscaping is done in sunny, cloudy or overcast weather, which you did not pick.' } },
    { category: 'landscaping', weather: ['cloudy', 'overcast'], points: 5, reason: { code: 'fits_weather', text: 'Landscaping suits the cloudy or overcast weather you picked.' } },
    // No weather ticked: any weather, and no ask to answer.
    { category: 'snow_shoveling', weather: [], points: 5, reason: null },
    { category: 'lawn_care', weather: [], points: 5, reason: null },
  ];
  it.each(cases)('$category with $weather: $points points', ({ category, weather, points, reason }) => {
    const i = input({ weatherPreferences: weather, preferredCategories: [] });
    const j = job({ category });
    expect(scoreJob(j, matchPlanOf(i)).points.find((p) => p.weight === 'weather')?.points).toBe(points);
    const [only] = recommend([j], i, 1);
    const weatherReasons = only!.reasons.filter((r) => r.code === 'fits_weather' || r.code === 'outside_weather');
    expect(weatherReasons).toEqual(reason ? [reason] : []);
    // The caveat speaks last, after the reasons the job was picked for.
    if (reason?.code === 'outside_weather') expect(only!.reasons.at(-1)).toEqual(reason);
    for (const r of only!.reasons) expect(RECOMMENDATION_REASON_CODES).toContain(r.code);
  });

  it('scores a job of excluded weather lower than the same job the teen’s weather fits, by the weather weight', () => {
    const snow = job({ category: 'snow_shoveling' });
    const fair = input({ weatherPreferences: ['sunny', 'cloudy'] });
    const grey = input({ weatherPreferences: ['overcast'] });
    expect(scoreOf(snow, grey) - scoreOf(snow, fair)).toBe(WEIGHTS.weather);
    const lawn = job({ category: 'lawn_care' });
    const snowFirst = ids(recommend([snow, lawn], input({ preferredCategories: [], weatherPreferences: ['overcast'] }), 2));
    expect(snowFirst).toEqual(ids(recommend([lawn, snow], input({ preferredCategories: [], weatherPreferences: ['overcast'] }), 2)));
    expect(ids(recommend([snow, lawn], input({ preferredCategories: [], weatherPreferences: ['sunny'] }), 2))[0]).toBe(lawn.id);
  });

  it("maps every category to spec 5's weather values only", () => {
    for (const category of JOB_CATEGORIES) {
      expect(CATEGORY_WEATHER[category].length).toBeGreaterThan(0);
      for (const weather of CATEGORY_WEATHER[category]) expect(WEATHER_PREFERENCES).toContain(weather);
    }
  });
});

describe('order and reasons', () => {
  it('breaks ties by distance, then id, whatever the input order', () => {
    const a = job({ zipCode: '02138' });
    const b = job({ zipCode: '02138' });
    const scores = [a, b].map((j) => scoreOf(j, input()));
    expect(scores[0]).toBe(scores[1]);
    const one = ids(recommend([a, b], input(), 10));
    expect(ids(recommend([b, a], input(), 10))).toEqual(one);
    expect(one).toEqual([a.id, b.id].sort());
    const forward = [job(), job({ zipCode: '02140' }), job({ category: 'cleaning' }), job({ payCents: 5000 })];
    expect(ids(recommend([...forward].reverse(), input(), 10))).toEqual(ids(recommend(forward, input(), 10)));
  });

  it('respects the limit', () => {
    expect(recommend([job(), job(), job()], input(), 2)).toHaveLength(2);
  });

  it('says why in plain words, with documented codes, the strongest first', () => {
    const [top] = recommend([job({ zipCode: '02139' })], input(), 1);
    expect(top?.reasons[0]).toEqual({ code: 'preferred_category', text: 'You picked Lawn Care.' });
    for (const reason of top?.reasons ?? []) expect(RECOMMENDATION_REASON_CODES).toContain(reason.code);
    expect(top?.reasons.map((r) => r.text)).toContain('Right in your neighborhood.');
  });

  it('always gives at least one reason', () => {
    const dull = job({ category: 'cleaning', zipCode: '02141', payCents: 1500, estimatedDuration: 240, physicalDemands: 'medium' });
    const [only] = recommend([dull], input({ minMatchScore: 40, preferredCategories: [], maxDistance: 15, experience: 'advanced', requireAdultSupervision: false }), 1);
    expect(only?.reasons.length).toBeGreaterThanOrEqual(1);
  });

  it('names history and familiar places when they count', () => {
    const [top] = recommend([job({ zipCode: '02140' })], input({}, { history: { completedByCategory: { lawn_care: 3 }, workedZips: ['02140'] } }), 1);
    const codes = top?.reasons.map((r) => r.code);
    expect(codes).toContain('done_before');
    expect(codes).toContain('familiar_neighborhood');
    expect(top?.reasons.find((r) => r.code === 'done_before')?.text).toBe('You have done 3 Lawn Care jobs before.');
  });
});

describe('the empty state names the preference that keeps out the most jobs', () => {
  it('counts each preference on its own and picks the largest', () => {
    const jobs = [job({ zipCode: '02142' }), job({ zipCode: '02142' }), job({ zipCode: '02142' }), job({ zipCode: '02142' }), job({ physicalDemands: 'hard' })];
    const i = input({ maxDistance: 5 });
    const counts = exclusionCounts(jobs, i);
    expect(counts.maxDistance).toBe(4);
    expect(counts.physicalCapability).toBe(1);
    expect(excludedMostOf(counts, i.preferences)).toEqual({ preference: 'maxDistance', jobs: 4, text: '4 open jobs are farther than your 5-mile limit.' });
  });

  it.each([
    [{ maxJobDuration: 1 }, { estimatedDuration: 120 }, '1 open job takes longer than your 1-hour limit.'],
    [{ physicalCapability: 'light' as const }, { physicalDemands: 'medium' as const }, '1 open job is harder than your light physical capability allows.'],
    [{ toolAccess: [] }, { equipment: ['rake' as const] }, '1 open job needs a tool you have not ticked.'],
    [{ minMatchScore: 90, preferredCategories: ['cleaning' as const] }, {}, '1 open job scores below your 90% minimum match.'],
  ])('%o', (preferences, change, text) => {
    const i = input(preferences);
    expect(excludedMostOf(exclusionCounts([job(change)], i), i.preferences)?.text).toBe(text);
  });

  it('is null when nothing is kept out', () => {
    expect(excludedMostOf(exclusionCounts([], input()), DEFAULT_PREFERENCES)).toBeNull();
  });
});

describe('the empty state from tallies of open jobs (what the server counts)', () => {
  const everything = { none: false, categories: JOB_CATEGORIES, demands: PHYSICAL_DEMANDS, refusedEquipment: [], maxMinutes: 24 * 60 };
  const tally = (jobs: readonly MatchJob[]): JobTally[] => {
    const byKey = new Map<string, JobTally & { byCategory: number[] }>();
    for (const j of jobs) {
      const key = [j.zipCode, j.physicalDemands, j.estimatedDuration, j.equipment.join(',')].join('|');
      const known = byKey.get(key) ?? { zipCode: j.zipCode, physicalDemands: j.physicalDemands, estimatedDuration: j.estimatedDuration, equipment: j.equipment, byCategory: JOB_CATEGORIES.map(() => 0) };
      known.byCategory[JOB_CATEGORIES.indexOf(j.category)]! += 1;
      byKey.set(key, known);
    }
    return [...byKey.values()];
  };
  const jobs = [
    ...['02139', '02138', '02140', '02141', '02142', '02142'].map((zipCode) => job({ zipCode, category: 'cleaning', payCents: 1500 })),
    job({ estimatedDuration: 240, payCents: 2000 }),
    job({ estimatedDuration: 240, physicalDemands: 'hard', payCents: 2000 }),
    job({ physicalDemands: 'hard', category: 'snow_shoveling', equipment: ['shovel'], payCents: 1500 }),
    job({ equipment: ['rake'], payCents: 1500 }),
    job({ equipment: ['lawn_mower'], payCents: 1500 }),
    job({ category: 'seasonal', physicalDemands: 'medium', payCents: 1500 }),
  ];
  const cases: Partial<UserPreferences>[] = [
    { minMatchScore: 90, preferredCategories: ['landscaping'] },
    { minMatchScore: 85, maxDistance: 1, maxJobDuration: 2, avoidHeavyLifting: true, physicalCapability: 'heavy', preferredCategories: ['landscaping'] },
    { minMatchScore: 90, physicalCapability: 'light', toolAccess: ['rake'], maxDistance: 2 },
  ];
  it.each(cases)('agrees with exclusionCounts over the jobs when none reaches the minimum: %o', (preferences) => {
    const i = input(preferences);
    expect(recommend(jobs, i, 10)).toEqual([]);
    expect(emptyListExclusions(tally(jobs), i, everything, [...MILES.keys()])).toEqual(exclusionCounts(jobs, i));
  });

  it('counts only what the lock allows, in the service area', () => {
    const i = input({ minMatchScore: 90, preferredCategories: ['landscaping'] });
    const lock = { ...everything, categories: JOB_CATEGORIES.filter((c) => c !== 'cleaning'), refusedEquipment: ['lawn_mower' as const] };
    const allowed = jobs.filter((j) => j.category !== 'cleaning' && !j.equipment.includes('lawn_mower') && j.zipCode !== '02140');
    expect(emptyListExclusions(tally(jobs), i, lock, ['02138', '02139', '02141', '02142'])).toEqual(exclusionCounts(allowed, i));
    expect(Object.values(emptyListExclusions(tally(jobs), i, { ...lock, none: true }, [...MILES.keys()])).every((n) => n === 0)).toBe(true);
  });
});

describe('lock limits: the safety engine asked one fact at a time', () => {
  const book = { rules: rulesFor('MA'), calendar: { name: 'none', years: [] } };
  const now = { day: '2026-11-24' as const, minutes: 15 * 60 };
  const teen = (dateOfBirth: string | null, parent = NO_PARENT_LIMITS) => ({ dateOfBirth, parentRules: parentLayer(parent), work: null }) as const;

  it('refuses a 15-year-old power equipment and ladders, and agrees with the engine on every item', () => {
    const fifteen = teen('2011-03-10');
    const limits = lockLimitsOf(fifteen, book, now);
    expect(limits.none).toBe(false);
    expect(limits.refusedEquipment).toEqual(expect.arrayContaining(['lawn_mower', 'leaf_blower', 'ladder', 'chainsaw']));
    expect(limits.refusedEquipment).not.toContain('rake');
    for (const item of ['rake', 'lawn_mower', 'ladder', 'hose'] as const) {
      const allowed = decideFor('lock', { id: 'x', equipment: [item], category: 'cleaning', physicalDemands: 'easy', estimatedDuration: 60 }, fifteen, book, now).allowed;
      expect(limits.refusedEquipment.includes(item)).toBe(!allowed);
    }
  });

  it("follows a parent's limits: categories and hard work", () => {
    const limits = lockLimitsOf(teen('2010-01-01', { ...NO_PARENT_LIMITS, blockedCategories: ['snow_shoveling'], noHardJobs: true }), book, now);
    expect(limits.categories).not.toContain('snow_shoveling');
    expect(limits.demands).toEqual(['easy', 'medium']);
  });

  it('finds the longest job a parent’s finish time leaves', () => {
    // The law's 7 AM start for 14-15-year-olds and a 9 AM finish leave 2 hours.
    const limits = lockLimitsOf(teen('2011-03-10', { ...NO_PARENT_LIMITS, latestFinish: '09:00' }), book, now);
    expect(limits.maxMinutes).toBe(120);
  });

  it('offers nothing before the parent confirms the date of birth', () => {
    expect(lockLimitsOf(teen(null), book, now).none).toBe(true);
  });
});

describe('groups of alike jobs: the index reads each from the pay it needs', () => {
  const everything = { none: false, categories: JOB_CATEGORIES, demands: PHYSICAL_DEMANDS, refusedEquipment: [], maxMinutes: 24 * 60 };

  it('scores a job as its group base plus its pay, and minPayCents is exactly the pay that reaches a score', () => {
    const i = input({ physicalCapability: 'heavy', maxJobDuration: 8, preferredCategories: ['cleaning'] }, { supervisedZips: ['02139'] });
    const plan = matchPlanOf(i);
    const groups = jobGroupsOf(plan, everything, [...MILES.keys()].filter((zip) => MILES.get(zip)! <= 5));
    expect(groups.length).toBe(4 * 3 * 6 * JOB_CATEGORIES.length);
    for (const group of groups.filter((_, n) => n % 7 === 0)) {
      for (const target of [40, 60, 75, 90]) {
        const minPay = minPayCents(group, plan, target);
        for (let pay = PAY_MIN * 100; pay <= PAY_MAX * 100; pay += PAY_STEP * 100) {
          const scored = scoreJob(job({ ...group, payCents: pay }), plan).matchScore;
          expect(scored).toBeLessThanOrEqual(group.best);
          expect(scored >= target, `${JSON.stringify(group)} pay ${pay} target ${target}`).toBe(minPay !== null && pay >= minPay);
        }
      }
    }
  });

  it('puts the groups best first', () => {
    const groups = jobGroupsOf(matchPlanOf(input()), everything, ['02139', '02138']);
    expect(groups.map((g) => g.best)).toEqual([...groups.map((g) => g.best)].sort((a, b) => b - a));
    expect(groups[0]).toMatchObject({ category: 'lawn_care', zipCode: '02139', physicalDemands: 'easy' });
  });

  it('leaves out what the hard limits and the lock refuse', () => {
    const plan = matchPlanOf(input({ physicalCapability: 'light', maxJobDuration: 1 }));
    const groups = jobGroupsOf(plan, { ...everything, categories: ['cleaning'] }, ['02139']);
    expect(new Set(groups.map((g) => g.physicalDemands))).toEqual(new Set(['easy']));
    expect(Math.max(...groups.map((g) => g.estimatedDuration))).toBe(60);
    expect(new Set(groups.map((g) => g.category))).toEqual(new Set(['cleaning']));
    expect(jobGroupsOf(plan, { ...everything, none: true }, ['02139'])).toEqual([]);
  });
});
