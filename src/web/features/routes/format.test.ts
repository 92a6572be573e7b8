import { describe, expect, it } from 'vitest';
import { arrivalClock, formatMiles, formatRouteDate } from './format';

const route = (date: string, startTime: string, firstArrival: string, travel: number) => ({ date, startTime, stops: [{ estimatedArrival: firstArrival, travelTimeFromPrevious: travel }] });

describe('arrivalClock', () => {
  it("reads arrivals on the clock of the zone the start time was given in, whatever this device's zone", () => {
    // Boston in June is UTC-4: a 9:00 start is 13:00Z; the first stop 4.4 minutes on (shown as 4).
    const boston = arrivalClock(route('2026-06-15', '09:00', '2026-06-15T13:04:24.000Z', 4));
    expect(boston('2026-06-15T13:04:24.000Z')).toBe('9:04 AM');
    expect(boston('2026-06-15T17:30:00.000Z')).toBe('1:30 PM');
    // Boston in January is UTC-5.
    expect(arrivalClock(route('2026-01-15', '08:30', '2026-01-15T13:42:00.000Z', 12))('2026-01-15T13:42:00.000Z')).toBe('8:42 AM');
    // A half-hour zone (India, UTC+5:30): 9:00 is 03:30Z.
    expect(arrivalClock(route('2026-06-15', '09:00', '2026-06-15T03:37:00.000Z', 7))('2026-06-15T03:37:00.000Z')).toBe('9:07 AM');
  });

  it('needs no stop to answer', () => {
    expect(arrivalClock({ date: '2026-06-15', startTime: '09:00', stops: [] })('2026-06-15T09:10:00.000Z')).toBe('9:10 AM');
  });
});

describe('route figures', () => {
  it('shows miles with 2 decimals and the route day as the calendar day it names', () => {
    expect(formatMiles(12.3)).toBe('12.30 mi');
    expect(formatRouteDate('2026-06-15')).toBe('Jun 15, 2026');
  });
});
