/** A unit on its own ('Apt 4', 'Unit 2B', 'Suite 100', '#3') or at the end of a part ('Elm St Apt 4'). */
const UNIT = String.raw`(?:(?:apt|apartment|unit|suite|ste|floor|fl|room|rm)\.?\s*#?\s*[\w-]+|#\s*[\w-]+)`;
const WHOLE_UNIT = new RegExp(`^${UNIT}$`, 'i');
const TRAILING_UNIT = new RegExp(`\\s+${UNIT}$`, 'i');
/** A house number before a street: '12', '12B', '12-14', '12 1/2'; only when a word follows ('02139' alone stays). */
const LEADING_HOUSE_NUMBER = /^\d+[a-z]?(?:[-/]\d+[a-z]?)?(?:\s+\d+\/\d+)?\s+(?=\S)/i;
/** A part that is only a number ('Elm St, 12') is a house number too, unless it is a ZIP code. */
const BARE_NUMBER = /^\d+[a-z]?$/i;
const ZIP_CODE = /^\d{5}(?:-\d{4})?$/;

/**
 * A job's free-text location without what finds the door: the house number and the unit. Each
 * comma-separated part loses a leading house number and any unit; parts left empty are dropped.
 * '12 Elm St, Cambridge' -> 'Elm St, Cambridge'; 'Backyard, 12 Elm St Apt 4' -> 'Backyard, Elm St'.
 * Null when nothing is left (or there was no location).
 */
export function streetAndTown(location: string | null): string | null {
  if (location === null) return null;
  const parts = location
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => !WHOLE_UNIT.test(part))
    .map((part) => part.replace(TRAILING_UNIT, '').replace(LEADING_HOUSE_NUMBER, '').trim())
    .filter((part) => part !== '' && (!BARE_NUMBER.test(part) || ZIP_CODE.test(part)));
  return parts.length ? parts.join(', ') : null;
}
