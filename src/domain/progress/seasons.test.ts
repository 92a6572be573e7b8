import { describe, expect, it } from 'vitest';
import { SEASONS } from '../../contract/progress';
import { challengeState, isChallengeActive, SEASON_CHALLENGES, seasonChallengeFor, seasonOf } from './seasons';

describe('seasons', () => {
  it.each([
    ['2026-03-01', 'spring', '2026-03-01', '2026-05-31'],
    ['2026-05-31', 'spring', '2026-03-01', '2026-05-31'],
    ['2026-06-15', 'summer', '2026-06-01', '2026-08-31'],
    ['2026-09-01', 'fall', '2026-09-01', '2026-11-30'],
    ['2026-11-26', 'fall', '2026-09-01', '2026-11-30'],
    ['2026-12-01', 'winter', '2026-12-01', '2027-02-28'],
    ['2027-01-15', 'winter', '2026-12-01', '2027-02-28'],
    ['2028-02-29', 'winter', '2027-12-01', '2028-02-29'],
  ])('%s is in %s, from %s to %s', (day, season, first, last) => {
    expect(seasonOf(day)).toEqual({ season, first, last });
  });

  it('names each season challenge by its season and the year it starts, so seeding twice seeds once', () => {
    expect(seasonChallengeFor('2026-11-26')).toMatchObject({ seedKey: 'season:fall:2026', season: 'fall', startDate: '2026-09-01', endDate: '2026-11-30', title: 'Fall Leaf Rush' });
    expect(seasonChallengeFor('2027-02-01').seedKey).toBe('season:winter:2026');
    expect(seasonChallengeFor('2026-12-31').seedKey).toBe('season:winter:2026');
  });

  it('has a challenge with requirements and rewards for every season', () => {
    for (const season of SEASONS) {
      const c = SEASON_CHALLENGES[season];
      expect(c.jobsCount).toBeGreaterThan(0);
      expect(c.categories.length).toBeGreaterThan(0);
      expect(c.rewardPoints).toBeGreaterThan(0);
      expect(c.rewardTitle.length).toBeGreaterThan(0);
    }
  });

  it.each([
    [true, '2026-11-30', '2026-11-30', true],
    [true, '2026-11-30', '2026-12-01', false],
    [false, '2026-11-30', '2026-11-01', false],
  ])('isActive %s, ending %s: active on %s is %s (spec 4)', (isActive, endDate, today, active) => {
    expect(isChallengeActive({ isActive, endDate }, today)).toBe(active);
  });

  it.each([
    [true, '2026-12-01', '2026-12-31', '2026-11-30', 'upcoming'],
    [true, '2026-12-01', '2026-12-31', '2026-12-01', 'active'],
    [true, '2026-12-01', '2026-12-31', '2026-12-31', 'active'],
    [true, '2026-12-01', '2026-12-31', '2027-01-01', 'ended'],
    [false, '2026-12-01', '2026-12-31', '2026-11-30', 'paused'],
    [false, '2026-12-01', '2026-12-31', '2026-12-15', 'paused'],
    [false, '2026-12-01', '2026-12-31', '2027-01-01', 'ended'],
  ] as const)('isActive %s, %s to %s: on %s it is %s', (isActive, startDate, endDate, today, state) => {
    expect(challengeState({ isActive, startDate, endDate }, today)).toBe(state);
  });
});
