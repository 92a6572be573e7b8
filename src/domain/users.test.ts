import { describe, expect, it } from 'vitest';
import { firstNameOf, hasBottomNavigation, homePathForRole, initialsOf, isServedZip } from './users';

describe('homePathForRole', () => {
  it.each([
    ['teen', '/teen-dashboard'],
    ['homeowner', '/homeowner-dashboard'],
    ['coordinator', '/route-optimizer'],
    ['admin', '/admin-dashboard'],
  ] as const)('%s lands on %s', (role, path) => expect(homePathForRole(role)).toBe(path));
});

describe('initialsOf', () => {
  it.each([
    ['Maya Lopez', 'ML'],
    ['maya', 'M'],
    ['  Jean  Paul  Sartre ', 'JS'],
    ['', '?'],
  ])('%j -> %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});

describe('firstNameOf', () => {
  it('takes the first word', () => expect(firstNameOf(' Dana  Whitfield')).toBe('Dana'));
});

describe('hasBottomNavigation', () => {
  it('is only for teens and homeowners', () => {
    expect(['teen', 'homeowner', 'coordinator', 'admin'].map((r) => hasBottomNavigation(r as never))).toEqual([true, true, false, false]);
  });
});

describe('isServedZip', () => {
  it('accepts a served ZIP and refuses others', () => {
    expect(isServedZip(' 02139 ', ['02139'])).toBe(true);
    expect(isServedZip('90210', ['02139'])).toBe(false);
  });
});
