import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, RECOMMENDATION_REASON_CODES, type UserPreferences } from '../../contract/preferences';
import { NO_PARENT_LIMITS } from '../../contract/safety';
import { parentLayer, rulesFor } from '../safety-rules/rules';
import { decideFor } from '../safety-rules/engine';
import { JOB_CATEGORIES, PAY_MAX, PAY_MIN, PAY_STEP, PHYSICAL_DEMANDS } from '../../contract/job-constants';
import { jobGroupsOf, minPayCents } from './groups';
import { lockLimitsOf } from './lock-limits';
import { hardExclusionsOf, matchPlanOf, type MatchInput, type MatchJob } from './plan';
import { exclusionCounts, excludedMostOf, recommend, scoreJob } from './score';
import { WEIGHTS } from './weights';

const MILES = new Map([
  ['02139', 0],
  ['02138', 1],
  ['02140', 2],
  ['02141', 3],
  ['02142', 7],
]);

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
    expect(scoreOf(perfect, i)).toBe(99);
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
