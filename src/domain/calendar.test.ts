import { describe, expect, it } from 'vitest';
import { isLocalDate } from '../contract/dates';
import { addDays, ageOn, laborDay, localClock, weekOf } from './calendar';

describe('isLocalDate', () => {
  it.each([
    ['2010-05-17', true],
    ['2012-02-29', true],
    ['2011-02-29', false],
    ['2010-13-01', false],
    ['2010-04-31', false],
    ['2010-5-17', false],
    ['17/05/2010', false],
    ['', false],
  ])('%s -> %s', (input, expected) => {
    expect(isLocalDate(input)).toBe(expected);
  });
});

describe('ageOn: completed years on the day, a birthday on that day counting', () => {
  it.each([
    ['2010-05-17', '2024-05-16', 13],
    ['2010-05-17', '2024-05-17', 14],
    ['2010-05-17', '2024-12-31', 14],
    ['2011-03-10', '2027-03-09', 15],
    ['2011-03-10', '2027-03-10', 16],
    ['2008-01-01', '2026-12-31', 18],
    ['2008-12-31', '2026-12-31', 18],
    ['2008-01-01', '2027-01-01', 19],
    // Born on 29 February: a year older on 1 March in common years.
    ['2012-02-29', '2026-02-28', 13],
    ['2012-02-29', '2026-03-01', 14],
    ['2012-02-29', '2027-02-28', 14],
    ['2012-02-29', '2028-02-28', 15],
    ['2012-02-29', '2028-02-29', 16],
  ])('born %s, on %s: %i', (birth, on, expected) => {
    expect(ageOn(birth, on)).toBe(expected);
  });
});

describe('localClock', () => {
  it('takes the day and time in the service time zone, not in UTC', () => {
    // 03:30 UTC on 16 June is 11:30 PM on 15 June in Boston.
    expect(localClock(new Date('2026-06-16T03:30:00Z'), 'America/New_York')).toEqual({ date: '2026-06-15', minutes: 23 * 60 + 30 });
    expect(localClock(new Date('2026-06-16T03:30:00Z'), 'UTC')).toEqual({ date: '2026-06-16', minutes: 3 * 60 + 30 });
    // Winter time: 5 hours behind UTC.
    expect(localClock(new Date('2026-11-24T12:00:00Z'), 'America/New_York')).toEqual({ date: '2026-11-24', minutes: 7 * 60 });
  });
});

describe('days, weeks and Labor Day', () => {
  it('adds days across months and leap days, runs weeks Sunday to Saturday and finds Labor Day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(weekOf('2026-11-28')).toEqual({ first: '2026-11-22', last: '2026-11-28' });
    expect(weekOf('2026-11-29')).toEqual({ first: '2026-11-29', last: '2026-12-05' });
    expect(laborDay(2027)).toBe('2027-09-06');
    expect(laborDay(2026)).toBe('2026-09-07');
  });
});
