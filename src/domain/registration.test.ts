import { describe, expect, it } from 'vitest';
import { canSubmitSignUp, firstNewPasswordProblem, firstSignUpProblem, signUpChecklist, type SignUpDraft } from './registration';

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

describe('firstSignUpProblem', () => {
  it('is null when everything holds', () => expect(firstSignUpProblem(complete)).toBeNull());
  it('checks in the spec order: role, name, username, password', () => {
    const broken = { ...complete, role: '', fullName: ' ', username: ' ', password: '1' };
    expect(firstSignUpProblem(broken)).toBe('Please select your role (Teen Worker or Homeowner)');
    expect(firstSignUpProblem({ ...broken, role: 'teen' })).toBe('Please enter your full name');
    expect(firstSignUpProblem({ ...broken, role: 'teen', fullName: 'A B' })).toBe('Please choose a username');
    expect(firstSignUpProblem({ ...broken, role: 'teen', fullName: 'A B', username: 'ab' })).toBe(
      'Password must be at least 6 characters long',
    );
  });
  it('refuses roles that may not self-register', () =>
    expect(firstSignUpProblem({ ...complete, role: 'admin' })).toBe('Please select your role (Teen Worker or Homeowner)'));
});

describe('firstNewPasswordProblem', () => {
  it.each([
    ['', '', 'Password required'],
    ['12345', '12345', 'Password too short'],
    ['123456', '123457', "Passwords don't match"],
  ])('%j / %j -> %s', (password, confirmation, title) => {
    expect(firstNewPasswordProblem(password, confirmation)?.title).toBe(title);
  });
  it('is null when both rules hold', () => expect(firstNewPasswordProblem('123456', '123456')).toBeNull());
});
