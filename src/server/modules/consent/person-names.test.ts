import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { newPerson, signInAs } from '../../test/test-app';
import { parentDetails, useConsentApi } from './consent.test-helpers';

/**
 * Issue 20: every person name the app accepts (a teen's or homeowner's at sign-up, a parent's in a
 * consent request, a signature) is text that may be mailed to someone else: no links, no addresses,
 * at most 80 characters. One rule (contract/auth.ts personNameSchema), checked here through each door.
 */
describe.each(databaseKinds())('person names on %s', (kind) => {
  const w = useConsentApi(kind);
  const { call, send, sign } = w;

  const LINK = 'A name cannot contain a link or an email address';
  const LONG = 'Full name is too long';
  const refused: [string, string, string][] = [
    ['a web link', 'Sam https://evil.example/win', LINK],
    ['a link without a scheme', 'Sam www.evil.example', LINK],
    ['a link in capitals', 'Sam WWW.EVIL.EXAMPLE', LINK],
    ['another scheme', 'Sam ftp://files.example', LINK],
    ['an email address', 'Sam sam@evil.example', LINK],
    ['an @ alone', 'Sam @samtaylor', LINK],
    ['81 characters', `Sam ${'T'.repeat(77)}`, LONG],
  ];
  const EIGHTY = `Sam ${'T'.repeat(76)}`;

  it.each(refused)('refuses a sign-up whose full name holds %s (400 on fullName)', async (_label, fullName, message) => {
    const response = await call('POST', '/api/auth/register', { payload: newPerson('teen', { fullName }), ip: '10.20.0.1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ fullName: message });
  });

  it.each(refused)("refuses a parent's name holding %s (400 on parentName), and mails nothing", async (_label, parentName, message) => {
    const teen = await signInAs(w.t, 'teen');
    const response = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails({ parentName }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ parentName: message });
  });

  it.each(refused)('refuses a signature holding %s (400 on signatureName)', async (_label, signatureName, message) => {
    const { token } = await send(await signInAs(w.t, 'teen'));
    const response = await sign(token, { signatureName });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ signatureName: message });
  });

  it('accepts 80 characters and names with dots, hyphens and apostrophes everywhere', async () => {
    const signUp = await call('POST', '/api/auth/register', { payload: newPerson('homeowner', { fullName: EIGHTY }), ip: '10.20.0.2' });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const teen = await signInAs(w.t, 'teen');
    const { token } = await send(teen, parentDetails({ parentName: "Rosa-María O'Neil Jr." }));
    expect((await sign(token, { signatureName: EIGHTY })).statusCode).toBe(200);
  });
});
