import type { LocalDate } from './calendar';

/**
 * Age in whole years on a day, from a date of birth ('YYYY-MM-DD'). A birthday on that day counts;
 * someone born on 29 February turns a year older on 1 March in other years.
 */
export function ageOn(dateOfBirth: LocalDate, day: LocalDate): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}
