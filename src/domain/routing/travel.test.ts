import { describe, expect, it } from 'vitest';
import { milesBetween } from '../geo';
import { DEFAULT_TRAVEL_MODEL, instantAtLocalTime, roadMilesMatrix, scheduleTour } from './travel';

const HARVARD_SQUARE = { latitude: 42.3736, longitude: -71.1190 };
const KENDALL_SQUARE = { latitude: 42.3625, longitude: -71.0862 };

describe('the travel model', () => {
  it('drives great-circle miles times the road factor, the same both ways', () => {
    const matrix = roadMilesMatrix([HARVARD_SQUARE, KENDALL_SQUARE], DEFAULT_TRAVEL_MODEL);
    const straight = milesBetween(HARVARD_SQUARE, KENDALL_SQUARE);
    expect(straight).toBeGreaterThan(1.8);
    expect(straight).toBeLessThan(2);
    expect(matrix.cells[1]).toBeCloseTo(straight * 1.3, 9);
    expect(matrix.cells[2]).toBe(matrix.cells[1]);
    expect(matrix.cells[0]).toBe(0);
  });

  it('schedules each leg at the average speed, a visit at every stop, and the drive back', () => {
    const model = { roadFactor: 1, averageSpeedMph: 30, visitMinutes: 10 };
    // A line: start 0, then 3 miles, then 3 more; given as 0, 2, 1 and visited 0, 1, 2.
    const miles = { size: 3, cells: Float64Array.from([0, 3, 6, 3, 0, 3, 6, 3, 0]) };
    const schedule = scheduleTour(miles, [0, 1, 2], model);
    expect(schedule.stops).toEqual([
      { stopOrder: 1, point: 1, arrivalMinutes: 6, distanceFromPrevious: 3, travelTimeFromPrevious: 6 },
      { stopOrder: 2, point: 2, arrivalMinutes: 6 + 10 + 6, distanceFromPrevious: 3, travelTimeFromPrevious: 6 },
    ]);
    expect(schedule.totalDistance).toBe(12);
    // 24 minutes of driving and two visits of 10.
    expect(schedule.estimatedDuration).toBe(44);
    expect(scheduleTour({ size: 1, cells: Float64Array.from([0]) }, [0], model)).toEqual({ stops: [], totalDistance: 0, estimatedDuration: 0 });
  });

  it("takes each leg's minutes from a road network's table when given, one way or the other", () => {
    const model = { roadFactor: 1, averageSpeedMph: 30, visitMinutes: 10 };
    const miles = { size: 3, cells: Float64Array.from([0, 3, 6, 3, 0, 3, 6, 3, 0]) };
    // Uphill one way: 0 -> 1 takes 9 minutes, 1 -> 0 only 5.
    const minutes = { size: 3, cells: Float64Array.from([0, 9, 12, 5, 0, 4, 11, 4, 0]) };
    const schedule = scheduleTour(miles, [0, 1, 2], model, minutes);
    expect(schedule.stops.map((s) => [s.arrivalMinutes, s.travelTimeFromPrevious])).toEqual([
      [9, 9],
      [9 + 10 + 4, 4],
    ]);
    // 9 + 4 + 11 driving and two visits.
    expect(schedule.estimatedDuration).toBe(44);
  });

  it.each([
    ['2026-11-26', 9 * 60, 'America/New_York', '2026-11-26T14:00:00.000Z'],
    ['2026-07-04', 9 * 60, 'America/New_York', '2026-07-04T13:00:00.000Z'],
    // The spring change (2 AM becomes 3 AM) and the autumn one (1 AM twice): 9 AM stays 9 AM.
    ['2026-03-08', 9 * 60, 'America/New_York', '2026-03-08T13:00:00.000Z'],
    ['2026-11-01', 9 * 60, 'America/New_York', '2026-11-01T14:00:00.000Z'],
    // 2:30 AM does not exist on the spring change: 3:30 AM daylight time.
    ['2026-03-08', 2 * 60 + 30, 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // 1:30 AM happens twice on the autumn change: either is that wall-clock time.
    ['2026-11-01', 60 + 30, 'America/New_York', expect.stringMatching(/^2026-11-01T0[56]:30:00\.000Z$/)],
    ['2026-11-26', 9 * 60 + 30, 'Asia/Kolkata', '2026-11-26T04:00:00.000Z'],
    ['2026-11-26', 0, 'UTC', '2026-11-26T00:00:00.000Z'],
  ] as [string, number, string, string][])('%s at minute %i in %s is %s', (date, minutes, zone, iso) => {
    expect(instantAtLocalTime(date, minutes, zone).toISOString()).toEqual(iso);
  });
});
