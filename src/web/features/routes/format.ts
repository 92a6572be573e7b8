/** Route figures for people: miles with 2 decimals ('12.30 mi'), percents with 1 ('18.2%'), arrival times ('9:12 AM'), days. */
export const formatMiles = (miles: number) => `${miles.toFixed(2)} mi`;

export const formatPercent = (percent: number) => `${percent.toFixed(1)}%`;

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;

/**
 * Arrival times on the clock of the service's time zone, the one the route's start time is read in
 * (a 9:00 start shows its first stop at 9:04 AM even on a phone set to another zone). The zone is not
 * sent; the route itself tells its offset: the first arrival less its drive is the start, whose wall
 * time is known, and every zone's offset is a whole number of quarter hours (the drive's rounding to
 * whole minutes is far less). A day on which the clocks change keeps the start's offset.
 */
export function arrivalClock(route: { date: string; startTime: string; stops: readonly { estimatedArrival: string; travelTimeFromPrevious: number }[] }): (iso: string) => string {
  const first = route.stops[0];
  const [hours, minutes] = route.startTime.split(':').map(Number);
  const startAsUtc = Date.parse(`${route.date}T00:00:00.000Z`) + (hours! * 60 + minutes!) * MINUTE;
  const shift = first ? Math.round((Date.parse(first.estimatedArrival) - first.travelTimeFromPrevious * MINUTE - startAsUtc) / QUARTER_HOUR) * QUARTER_HOUR : 0;
  return (iso) => new Date(Date.parse(iso) - shift).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
}

/** A route's day, 'Jun 15, 2026', read as the calendar day it names (not shifted by the time zone). */
export function formatRouteDate(localDate: string): string {
  const [year, month, day] = localDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
