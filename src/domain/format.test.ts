import { describe, expect, it } from 'vitest';
import { centsToMoney, formatClockTime, formatCountdown, formatDistance, formatDuration, formatPay, formatTimeAgo, moneyToCents } from './format';
import { milesBetween } from './geo';

describe('money', () => {
  it('turns cents into the API string and back', () => {
    expect(centsToMoney(4000)).toBe('40.00');
    expect(centsToMoney(1505)).toBe('15.05');
    expect(moneyToCents('40.00')).toBe(4000);
  });
  it('shows pay with 0 decimals on cards and 2 on details', () => {
    expect(formatPay('40.00', 0)).toBe('$40');
    expect(formatPay('1250.00', 2)).toBe('$1,250.00');
    expect(formatPay('1234567.5', 2)).toBe('$1,234,567.50');
    expect(formatPay('999.00', 0)).toBe('$999');
    expect(formatPay('1000.00', 0)).toBe('$1,000');
    expect(formatPay('0.00', 2)).toBe('$0.00');
    expect(formatPay('-12.50', 2)).toBe('-$12.50');
  });
});

describe('formatDuration', () => {
  it.each([
    [30, '30m'],
    [60, '1h'],
    [90, '1h 30m'],
    [240, '4h'],
  ])('%i minutes -> %s', (minutes, text) => expect(formatDuration(minutes)).toBe(text));
});

describe('formatDistance', () => {
  it.each([
    [0, 'Near you'],
    [0.09, 'Near you'],
    [0.1, '0.1 mi'],
    [1.94, '1.9 mi'],
    [null, null],
  ])('%s -> %s', (miles, text) => expect(formatDistance(miles)).toBe(text));
});

describe('formatCountdown', () => {
  it.each([
    [900, '15:00'],
    [61, '1:01'],
    [9, '0:09'],
    [-5, '0:00'],
  ])('%i s -> %s', (seconds, text) => expect(formatCountdown(seconds)).toBe(text));
});

describe('milesBetween', () => {
  it('measures great-circle miles between two Cambridge ZIP centroids', () => {
    const d = milesBetween({ latitude: 42.362391, longitude: -71.102336 }, { latitude: 42.379637, longitude: -71.135152 });
    expect(d).toBeGreaterThan(1.8);
    expect(d).toBeLessThan(2.1);
    expect(milesBetween({ latitude: 1, longitude: 1 }, { latitude: 1, longitude: 1 })).toBe(0);
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-06-15T16:00:00Z');
  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1 min ago'],
    [59 * 60, '59 min ago'],
    [3600, '1 h ago'],
    [23 * 3600, '23 h ago'],
    [24 * 3600, 'Yesterday'],
    [6 * 24 * 3600, '6 days ago'],
    [8 * 24 * 3600, 'Jun 7'],
    [400 * 24 * 3600, 'May 11, 2025'],
  ])('%i seconds ago -> %s', (seconds, text) => expect(formatTimeAgo(new Date(now.getTime() - seconds * 1000), now)).toBe(text));
});

describe('formatClockTime', () => {
  it.each([
    [0, '12:00 AM'],
    [59, '12:59 AM'],
    [720, '12:00 PM'],
    [15 * 60 + 42, '3:42 PM'],
    [1440 + 61, '1:01 AM'],
    [-1, '11:59 PM'],
  ])('%i minutes after midnight is %s', (minutes, text) => expect(formatClockTime(minutes)).toBe(text));
});
