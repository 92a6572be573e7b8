/** A day on the calendar without a time or a zone, as 'YYYY-MM-DD': text order is date order. */
export type LocalDate = string;

/** 'YYYY-MM-DD' of a day that exists (no 31 April, 29 February only in leap years). */
export function isLocalDate(value: string): value is LocalDate {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
