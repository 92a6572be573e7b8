import { describe, expect, it } from 'vitest';
import { streetAndTown } from './address';

describe('streetAndTown: a location without its house number and unit', () => {
  it.each([
    ['12 Elm St, Cambridge', 'Elm St, Cambridge'],
    ['12 Elm St', 'Elm St'],
    ['12B Elm St, Cambridge', 'Elm St, Cambridge'],
    ['12-14 Elm St, Cambridge', 'Elm St, Cambridge'],
    ['12 1/2 Elm St', 'Elm St'],
    ['12 Elm St Apt 4, Cambridge', 'Elm St, Cambridge'],
    ['12 Elm St #4, Cambridge', 'Elm St, Cambridge'],
    ['12 Elm St, Unit 2B, Cambridge', 'Elm St, Cambridge'],
    ['Apt. 3, 12 Elm St, Cambridge', 'Elm St, Cambridge'],
    ['Suite 100, 5 Main St', 'Main St'],
    // The post form's own example: the number need not come first.
    ['Backyard, 12 Elm St', 'Backyard, Elm St'],
    ['Elm St, 12', 'Elm St'],
    ['  12   Elm  St ,  Cambridge ', 'Elm St, Cambridge'],
    // Nothing to drop: numbered streets, ZIP codes and numbers inside a part stay.
    ['Elm St, Cambridge', 'Elm St, Cambridge'],
    ['1st Street, Cambridge', '1st Street, Cambridge'],
    ['4 3rd Ave, Cambridge', '3rd Ave, Cambridge'],
    ['Elm St, Cambridge, MA 02139', 'Elm St, Cambridge, MA 02139'],
    ['Elm St, 02139', 'Elm St, 02139'],
    ['Corner of Route 9 and Elm', 'Corner of Route 9 and Elm'],
    // Nothing left, or nothing given.
    ['12', null],
    ['Apt 4', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (location, expected) => {
    expect(streetAndTown(location)).toBe(expected);
  });
});
