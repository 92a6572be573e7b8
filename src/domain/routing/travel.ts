import { localClock, type LocalDate } from '../calendar';
import { milesBetween, type LatLng } from '../geo';
import type { DistanceMatrix, Tour } from './matrix';

/**
 * The default travel model (issue 17): great-circle miles times a road factor (streets are not
 * straight), driven at an average speed, and a fixed time at each stop.
 */
export interface TravelModel {
  roadFactor: number;
  averageSpeedMph: number;
  visitMinutes: number;
}

export const DEFAULT_TRAVEL_MODEL: TravelModel = { roadFactor: 1.3, averageSpeedMph: 20, visitMinutes: 15 };

/** Road miles between every pair of points under the model: the matrix the solver shortens. */
export function roadMilesMatrix(points: readonly LatLng[], model: TravelModel): DistanceMatrix {
  const n = points.length;
  const cells = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const miles = milesBetween(points[i]!, points[j]!) * model.roadFactor;
      cells[i * n + j] = miles;
      cells[j * n + i] = miles;
    }
  }
  return { size: n, cells };
}

export interface ScheduledStop {
  /** 1 for the first stop after the start. */
  stopOrder: number;
  /** The point's index in the matrix (never 0, the start). */
  point: number;
  /** Minutes after leaving the start. */
  arrivalMinutes: number;
  distanceFromPrevious: number;
  travelTimeFromPrevious: number;
}

export interface Schedule {
  stops: ScheduledStop[];
  /** Miles from the start through every stop and back. */
  totalDistance: number;
  /** Minutes from leaving the start to being back: driving plus the visits. */
  estimatedDuration: number;
}

/**
 * The day of a tour: each stop's leg and arrival, a visit at each stop, then the drive back to the
 * start. Driving minutes come from `minutes` when a road network gave them (OSRM), else from the
 * miles at the model's average speed.
 */
export function scheduleTour(miles: DistanceMatrix, tour: Tour, model: TravelModel, minutes?: DistanceMatrix): Schedule {
  const n = miles.size;
  const drive = (from: number, to: number) => ({
    miles: miles.cells[from * n + to]!,
    minutes: minutes ? minutes.cells[from * n + to]! : (60 * miles.cells[from * n + to]!) / model.averageSpeedMph,
  });
  const stops: ScheduledStop[] = [];
  let clock = 0;
  let totalDistance = 0;
  for (let k = 1; k < tour.length; k++) {
    const leg = drive(tour[k - 1]!, tour[k]!);
    clock += leg.minutes;
    totalDistance += leg.miles;
    stops.push({ stopOrder: k, point: tour[k]!, arrivalMinutes: clock, distanceFromPrevious: leg.miles, travelTimeFromPrevious: leg.minutes });
    clock += model.visitMinutes;
  }
  if (tour.length > 1) {
    const back = drive(tour[tour.length - 1]!, tour[0]!);
    clock += back.minutes;
    totalDistance += back.miles;
  }
  return { stops, totalDistance, estimatedDuration: clock };
}

/**
 * The instant at which the wall clock in `timezone` shows `minutes` after midnight on `date`: a first
 * guess corrected by the zone's offset there, then by the offset at the corrected instant (a day on
 * which the clocks change). A time the clocks skip (2:30 AM on the spring change) does not exist;
 * it comes out an hour later, as a person reading the clock would take it.
 */
export function instantAtLocalTime(date: LocalDate, minutes: number, timezone: string): Date {
  const [year, month, day] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const wanted = Date.UTC(year, month - 1, day) + minutes * 60_000;
  const shownAt = (instant: number) => {
    const shown = localClock(new Date(instant), timezone);
    return Date.UTC(Number(shown.date.slice(0, 4)), Number(shown.date.slice(5, 7)) - 1, Number(shown.date.slice(8, 10))) + shown.minutes * 60_000;
  };
  const first = wanted + (wanted - shownAt(wanted));
  const second = first + (wanted - shownAt(first));
  return new Date(shownAt(second) === wanted ? second : Math.max(first, second));
}
