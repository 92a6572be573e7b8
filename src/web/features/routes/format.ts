/** Route figures for people: miles with 2 decimals ('12.30 mi'), percents with 1 ('18.2%'), arrival times ('9:12 AM'). */
export const formatMiles = (miles: number) => `${miles.toFixed(2)} mi`;

export const formatPercent = (percent: number) => `${percent.toFixed(1)}%`;

export function formatArrival(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** A route's day, 'Jun 15, 2026', read as the calendar day it names (not shifted by the time zone). */
export function formatRouteDate(localDate: string): string {
  const [year, month, day] = localDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
