const HOUR_MS = 3_600_000;

/**
 * The fixed-offset IANA zone in which `now` is nearest noon: between 11:30 AM and 12:30 PM there.
 * The Playwright journeys run the server and the phones in it (playwright.config.ts), so starting a
 * job, allowed only in the work hours of TIMEZONE, works at whatever hour the machine runs them.
 *
 * The offsets UTC-12 to UTC+12 reach noon from every UTC hour. Etc/GMT zones name the offset with
 * the opposite sign (POSIX's): UTC-5 is Etc/GMT+5.
 */
export function middayZone(now: Date): string {
  const utcHours = (now.getTime() % (24 * HOUR_MS)) / HOUR_MS;
  const offset = Math.round(12 - utcHours);
  if (offset === 0) return 'Etc/GMT';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
