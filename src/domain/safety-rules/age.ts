import type { LocalDate } from './calendar';

/**
 * Age in whole years on a day, from a date of birth ('YYYY-MM-DD'). A birthday on that day counts;
 * someone born on 29 February turns a year older on 1 March in other years.
 */
export function ageOn(dateOfBirth: LocalDate, day: LocalDate): number {
  // 'MM-DD' compares as text: a birthday on the day counts, and 29 February comes after 28 February.
  const hadBirthday = day.slice(5) >= dateOfBirth.slice(5);
  return Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4)) - (hadBirthday ? 0 : 1);
}
