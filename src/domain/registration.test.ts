import { describe, expect, it } from 'vitest';
import { canSubmitSignUp, signUpChecklist, type SignUpDraft } from './registration';

const complete: SignUpDraft = {
  role: 'teen',
  fullName: 'Maya Lopez',
  username: 'maya_l',
  email: 'maya@example.com',
  password: 'secret1',
  zipCode: '02139',
};

describe('signUpChecklist', () => {
  it('ticks every item for a complete draft', () => {
    expect(signUpChecklist(complete).every((item) => item.done)).toBe(true);
  });

  it.each([
    ['role', { role: '' }],
    ['fullName', { fullName: '   ' }],
    ['username', { username: 'ab' }],
    ['email', { email: 'maya.example.com' }],
    ['password', { password: '12345' }],
    ['zipCode', { zipCode: '0213' }],
  ] as const)('leaves %s unticked when it is not met', (key, change) => {
    const items = signUpChecklist({ ...complete, ...change });
    expect(items.filter((i) => !i.done).map((i) => i.key)).toEqual([key]);
  });

  it('lists the spec items in order', () => {
    expect(signUpChecklist(complete).map((i) => i.key)).toEqual(['role', 'fullName', 'username', 'email', 'password', 'zipCode']);
  });
});

describe('canSubmitSignUp', () => {
  it('allows a complete draft', () => expect(canSubmitSignUp(complete, false)).toBe(true));
  it('refuses while a request runs', () => expect(canSubmitSignUp(complete, true)).toBe(false));
  it.each(['role', 'fullName', 'username', 'email', 'zipCode'] as const)('refuses when %s is empty', (key) => {
    expect(canSubmitSignUp({ ...complete, [key]: '' }, false)).toBe(false);
  });
  it('refuses a password shorter than 6', () => expect(canSubmitSignUp({ ...complete, password: '12345' }, false)).toBe(false));
  it('allows a username shorter than the checklist minimum (spec 5: both readings)', () =>
    expect(canSubmitSignUp({ ...complete, username: 'a' }, false)).toBe(true));
});
