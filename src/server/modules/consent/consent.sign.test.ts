import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConsentLinkView } from '../../../contract/consent';
import { consentSignatures, outboxEmails, parentalConsentEvents, parentalConsents } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { CONSENT_TEXT } from './consent-text';
import { DAY, NOON_BOSTON, TEEN_BIRTHDAY, parentDetails, useConsentApi } from './consent.test-helpers';

describe.each(databaseKinds())('parental consent API on %s', (kind) => {
  const w = useConsentApi(kind);
  const { call, send, sign, teenRow, noticesOf } = w;

  describe('GET /api/parental-consent/{token}', () => {
    it('shows who asked, the versioned consent text and what the parent can do, and nothing private', async () => {
      const teen = await signInAs(w.t, 'teen');
      const { token } = await send(teen);
      const response = await call('GET', `/api/parental-consent/${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const view = response.json<ConsentLinkView>();
      expect(view).toMatchObject({ status: 'pending', teenName: teen.user.fullName, parentName: 'Rosa Lopez', actions: ['sign', 'decline'], signatureName: null });
      expect(view.consentText).toEqual(CONSENT_TEXT);
      expect(view.consentText.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(response.body).not.toContain(teen.email);
      expect(response.body).not.toContain('617');
    });

    it.each([
      ['a bogus token', 'nonsense'],
      ['an unknown request id', '00000000-0000-4000-8000-000000000000.' + 'A'.repeat(43)],
      ['a token far too long', 'x'.repeat(300)],
    ])('answers %s with a clear 4xx (404, or 400 for a path too long to be a link)', async (_label, token) => {
      const response = await call('GET', `/api/parental-consent/${token}`);
      expect([404, 400]).toContain(response.statusCode);
      if (response.statusCode === 400) expect(response.json().code).toBe('VALIDATION_FAILED');
      if (response.statusCode === 404) {
        expect(response.json()).toEqual({ code: 'CONSENT_LINK_INVALID', message: 'This consent link is not valid. Check that you opened the whole link from the email.' });
      }
    });

    it('refuses the right request id with a wrong secret (404)', async () => {
      const { token } = await send(await signInAs(w.t, 'teen'));
      const [id, secret] = token.split('.') as [string, string];
      const forged = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      expect((await call('GET', `/api/parental-consent/${forged}`)).json().code).toBe('CONSENT_LINK_INVALID');
      expect((await sign(forged)).statusCode).toBe(404);
      expect((await call('POST', `/api/parental-consent/${forged}/decline`)).statusCode).toBe(404);
      expect((await call('POST', `/api/parental-consent/${forged}/revoke`)).statusCode).toBe(404);
    });

    it('answers a pending link past its 7 days with 410', async () => {
      const { token } = await send(await signInAs(w.t, 'teen'));
      w.t.clock.advance(7 * DAY - 1000);
      expect((await call('GET', `/api/parental-consent/${token}`)).statusCode).toBe(200);
      w.t.clock.advance(1000);
      const expired = await call('GET', `/api/parental-consent/${token}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ code: 'CONSENT_LINK_EXPIRED', message: 'This consent link has expired. Ask your teen to send a new one from Yardly.' });
      const late = await sign(token);
      expect(late.statusCode).toBe(410);
      expect((await call('POST', `/api/parental-consent/${token}/decline`)).statusCode).toBe(410);
      w.t.clock.set(NOON_BOSTON);
    });
  });

  describe('POST /api/parental-consent/{token}/sign', () => {
    it('approves the teen and keeps the evidence: text version and hash, name, birth date, time, IP, user agent, contacts', async () => {
      const teen = await w.teenNamed('Maya Lopez');
      const { token, details } = await send(teen);
      w.t.clock.advance(3600_000);
      const response = await sign(token, { signatureName: '  Rosa M. Lopez ', consentTextVersion: CONSENT_TEXT.version }, { 'user-agent': 'ParentPhone/1.0' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: `Thank you. Your consent is recorded and ${teen.user.fullName} can now accept jobs on Yardly.`,
        view: { status: 'approved', actions: ['revoke'], signatureName: 'Rosa M. Lopez' },
      });

      const row = await teenRow(teen.user.id);
      expect(row.parentalConsentStatus).toBe('approved');
      expect(row.dateOfBirth).toBe(TEEN_BIRTHDAY);
      const consent = firstRow(await w.t.database.db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id)), 'the consent request');
      const [signature] = await w.t.database.db.select().from(consentSignatures).where(eq(consentSignatures.consentId, consent.id));
      expect(signature).toEqual({
        consentId: consent.id,
        consentTextVersion: CONSENT_TEXT.version,
        consentTextSha256: CONSENT_TEXT.sha256,
        signatureName: 'Rosa M. Lopez',
        teenDateOfBirth: TEEN_BIRTHDAY,
        signedAt: w.t.clock.now(),
        ipAddress: '203.0.113.7',
        userAgent: 'ParentPhone/1.0',
        teenName: teen.user.fullName,
        teenEmail: teen.email,
        parentName: 'Rosa Lopez',
        parentEmail: details.parentEmail,
        parentPhone: '(617) 555-0142',
      });
      const events = await w.t.database.db.select().from(parentalConsentEvents).where(eq(parentalConsentEvents.consentId, consent.id)).orderBy(parentalConsentEvents.id);
      expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actor])).toEqual([
        ['send', null, 'pending', 'teen'],
        ['sign', 'pending', 'approved', 'parent'],
      ]);

      // The parent gets a copy; the teen is told, in the app and by email.
      expect(await noticesOf(teen)).toEqual([['consent_approved', 'Parental consent approved', 'Rosa Lopez signed your consent. You can now lock and accept jobs.']]);
      const mailTo = async (to: string) => w.t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
      // Issue 20: emails to a parent name the teen by first name and last initial.
      expect((await mailTo(details.parentEmail)).map((m) => m.subject)).toContain('You gave consent for Maya L. to use Yardly');
      expect((await mailTo(teen.email)).map((m) => m.subject)).toEqual(['Parental consent approved']);
      // The teen's own account data never carries the birth date.
      const me = await call('GET', '/api/auth/me', { cookie: teen.cookie });
      expect(me.json()).toMatchObject({ parentalConsentStatus: 'approved' });
      expect(me.body).not.toContain(TEEN_BIRTHDAY);
      w.t.clock.set(NOON_BOSTON);
    });

    it('works once: a second signature, a decline after it and a resend from the teen are refused', async () => {
      const teen = await signInAs(w.t, 'teen');
      const { token } = await send(teen);
      expect((await sign(token)).statusCode).toBe(200);
      const again = await sign(token);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CONSENT_LINK_USED');
      expect((await call('POST', `/api/parental-consent/${token}/decline`)).statusCode).toBe(409);
      expect((await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() })).statusCode).toBe(409);
      // The used link still opens, to show the decision and offer revocation.
      expect((await call('GET', `/api/parental-consent/${token}`)).json()).toMatchObject({ status: 'approved', actions: ['revoke'] });
    });

    it('lets exactly one of several simultaneous signatures through', async () => {
      const teen = await signInAs(w.t, 'teen');
      const { token } = await send(teen);
      const answers = await Promise.all(Array.from({ length: 8 }, () => sign(token)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const signatures = await w.t.database.db.select().from(consentSignatures).innerJoin(parentalConsents, eq(parentalConsents.id, consentSignatures.consentId)).where(eq(parentalConsents.teenId, teen.user.id));
      expect(signatures).toHaveLength(1);
    });

    it.each([
      ['13 (a day before the 14th birthday)', '2012-06-16', 'Yardly is for teens aged 14 to 18. Your teen can join from their 14th birthday.'],
      ['19', '2007-06-15', 'Yardly is for teens aged 14 to 18, so it cannot take consent for someone who is 19.'],
      ['born in the future', '2027-01-01', 'The date of birth cannot be in the future.'],
    ])('refuses a teen who would be %s at signing (400), and the link stays usable', async (_label, birth, message) => {
      const teen = await signInAs(w.t, 'teen');
      const { token } = await send(teen);
      const response = await sign(token, { teenDateOfBirth: birth });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'TEEN_AGE_NOT_ALLOWED', message, fields: { teenDateOfBirth: message } });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('pending');
      expect((await sign(token, { teenDateOfBirth: '2012-06-15' })).statusCode).toBe(200);
    });

    it('takes the day of signing in the service time zone: 11:30 PM in Boston is still the day before the 14th birthday', async () => {
      const teen = await signInAs(w.t, 'teen');
      const { token } = await send(teen);
      w.t.clock.set(new Date('2026-06-16T03:30:00Z'));
      expect((await sign(token, { teenDateOfBirth: '2012-06-16' })).json().code).toBe('TEEN_AGE_NOT_ALLOWED');
      w.t.clock.set(NOON_BOSTON);
    });

    it.each([
      ['agree false', { agree: false }, 'agree', 'Tick the box to agree to the consent'],
      ['agree missing', { agree: undefined }, 'agree', 'Tick the box to agree to the consent'],
      ['agree as a string', { agree: 'true' }, 'agree', 'Tick the box to agree to the consent'],
      ['a blank signature', { signatureName: '   ' }, 'signatureName', 'Please enter your full name'],
      ['a one-letter signature', { signatureName: 'R' }, 'signatureName', 'Type your full name to sign'],
      ['a long signature', { signatureName: 'R'.repeat(81) }, 'signatureName', 'Full name is too long'],
      ['a date that does not exist', { teenDateOfBirth: '2010-02-30' }, 'teenDateOfBirth', 'This date does not exist'],
      ['a date in another format', { teenDateOfBirth: '03/02/2010' }, 'teenDateOfBirth', 'Enter the date as YYYY-MM-DD'],
      ['no date', { teenDateOfBirth: undefined }, 'teenDateOfBirth', 'Invalid input: expected string, received undefined'],
    ])('refuses %s with 400', async (_label, change, field, message) => {
      const { token } = await send(await signInAs(w.t, 'teen'));
      const response = await sign(token, change);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
    });

    it('asks the parent to read again when the consent text changed since the page opened (409)', async () => {
      const { token } = await send(await signInAs(w.t, 'teen'));
      const response = await sign(token, { consentTextVersion: '2020-01-01' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('CONSENT_TEXT_CHANGED');
    });
  });
});
