/** A date for people: 'Mar 4, 2025'. */
export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A date and time for people: 'Mar 4, 2025, 3:05 PM'. */
export function formatDateTime(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A day of the service's calendar ('2026-06-30') for people: noon keeps it that day wherever the phone is. */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00`) ?? day;
}
