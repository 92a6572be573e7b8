import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TeenConsent } from '../../../contract/consent';
import { outboxEmails, parentalConsents } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { signInAs, signUp } from '../../test/test-app';
import { DAY, NOON_BOSTON, parentDetails, useConsentApi } from './consent.test-helpers';

describe.each(databaseKinds())('parental consent API on %s', (kind) => {
  const w = useConsentApi(kind);
  const { call, send, sign, teenRow } = w;

  describe('POST /api/parental-consent/send', () => {
    it('emails the parent a link and makes the teen pending', async () => {
      const teen = await w.teenNamed('Sam Taylor');
      const { details, token, body } = await send(teen);
      expect(body.consent).toMatchObject({ status: 'pending', request: { status: 'pending', parentName: 'Rosa Lopez', parentEmail: details.parentEmail, parentPhone: '(617) 555-0142', expired: false } });
      expect(new Date(body.consent.request!.expiresAt).getTime() - NOON_BOSTON.getTime()).toBe(7 * DAY);
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('pending');

      const mail = firstRow(await w.t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, details.parentEmail)), 'the consent email');
      // Issue 20: the address is one the teen typed, so the email names them by first name and last initial only.
      expect(mail.subject).toBe('Sam T. asks for your consent to use Yardly');
      expect(mail.textBody).toContain('Sam T. would like to take local outdoor jobs');
      expect(mail.textBody).toContain(`https://yardly.example/consent/${token}`);
      for (const part of [mail.subject, mail.textBody, mail.htmlBody ?? '']) {
        expect(part).not.toContain('Taylor');
        expect(part).not.toContain(teen.email);
      }
      // Only the hash of the link's secret is stored.
      const row = firstRow(await w.t.database.db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id)), 'the consent request');
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toContain(token.split('.')[1]!);
    });

    it('accepts the teen\'s own teenId (spec 7) and refuses another teen\'s', async () => {
      const teen = await signInAs(w.t, 'teen');
      const other = await signInAs(w.t, 'teen');
      expect((await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: { ...parentDetails(), teenId: teen.user.id } })).statusCode).toBe(201);
      const refused = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: { ...parentDetails(), teenId: other.user.id } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    });

    it('refuses visitors (401), homeowners, coordinators and admins (403)', async () => {
      const coordinator = await signInAs(w.t, 'coordinator');
      expect((await call('POST', '/api/parental-consent/send', { payload: parentDetails() })).statusCode).toBe(401);
      for (const person of [w.homeowner, coordinator, w.admin]) {
        expect((await call('POST', '/api/parental-consent/send', { cookie: person.cookie, payload: parentDetails() })).statusCode).toBe(403);
      }
    });

    it.each([
      ['a blank parent name', { parentName: '  ' }, 'parentName', "Please enter your parent's full name"],
      ['a missing parent name', { parentName: undefined }, 'parentName', 'Invalid input: expected string, received undefined'],
      ['a long parent name', { parentName: 'x'.repeat(81) }, 'parentName', 'Full name is too long'],
      ['a blank email', { parentEmail: '' }, 'parentEmail', "Please enter your parent's email"],
      ['an email without @', { parentEmail: 'rosa.example.com' }, 'parentEmail', 'Please enter a valid email address'],
      ['a blank phone', { parentPhone: ' ' }, 'parentPhone', "Please enter your parent's phone number"],
      ['a phone with letters', { parentPhone: '617-555-CALL' }, 'parentPhone', 'Please enter a valid phone number'],
      ['a phone too short', { parentPhone: '555-0142' }, 'parentPhone', 'Please enter a valid phone number'],
      ['a phone as a number', { parentPhone: 6175550142 }, 'parentPhone', 'Invalid input: expected string, received number'],
      ['a teenId that is not an id', { teenId: 'me' }, 'teenId', 'Invalid UUID'],
    ])('refuses %s with 400', async (_label, change, field, message) => {
      const teen = await signInAs(w.t, 'teen');
      const response = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails(change) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('none');
    });

    // Issue 20: one mailbox has many spellings; none of the teen's own is a parent's.
    it.each([
      ['in capitals', (email: string) => email.toUpperCase()],
      ['with a +tag', (email: string) => email.replace('@', '+mom@')],
      ['with a +tag and capitals', (email: string) => email.replace('@', '+Parent@').toUpperCase()],
    ])("refuses the teen's own email as the parent's, %s (400 on the field)", async (_label, spell) => {
      const teen = await signInAs(w.t, 'teen');
      const response = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails({ parentEmail: spell(teen.email) }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: "Use your parent's or guardian's email, not your own.",
        fields: { parentEmail: "Use your parent's or guardian's email, not your own." },
      });
      expect(await w.t.database.db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id))).toEqual([]);
    });

    it.each([
      ['sam.taylor@gmail.com', 'samtaylor@gmail.com'],
      ['maya.lopez@gmail.com', 'M.A.Y.A.Lopez+mom@googlemail.com'],
      ['samtaylor@googlemail.com', 'sam.taylor+dad@gmail.com'],
    ])("refuses a Gmail teen's own mailbox however the dots fall: %s naming %s", async (teenEmail, parentEmail) => {
      const { cookie } = await signUp(w.t, 'teen', { email: teenEmail });
      const response = await call('POST', '/api/parental-consent/send', { cookie, payload: parentDetails({ parentEmail }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ parentEmail: "Use your parent's or guardian's email, not your own." });
    });

    it('accepts a parent whose address only looks like the teen\'s (dots count outside Gmail)', async () => {
      const { cookie } = await signUp(w.t, 'teen', { email: 'sam.taylor@example.org' });
      expect((await call('POST', '/api/parental-consent/send', { cookie, payload: parentDetails({ parentEmail: 'samtaylor@example.org' }) })).statusCode).toBe(201);
    });

    it('replaces a pending request when the teen resends or corrects the address: the older link stops working', async () => {
      const teen = await signInAs(w.t, 'teen');
      const first = await send(teen, parentDetails({ parentEmail: 'rosa.typo@exmaple.com' }));
      const second = await send(teen);
      expect(second.body.consent.request!.parentEmail).toBe(second.details.parentEmail);

      const old = await call('GET', `/api/parental-consent/${first.token}`);
      expect(old.statusCode).toBe(410);
      expect(old.json()).toEqual({ code: 'CONSENT_LINK_REPLACED', message: 'A newer consent link was sent for this teen. Please use the link in the latest email.' });
      expect((await sign(first.token)).statusCode).toBe(410);
      expect((await call('GET', `/api/parental-consent/${second.token}`)).statusCode).toBe(200);
      const rows = await w.t.database.db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id));
      expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'superseded']);
    });

    it('refuses a teen whose consent is already approved (409)', async () => {
      const teen = await signInAs(w.t, 'teen', { consent: 'approved' });
      const response = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONSENT_ALREADY_APPROVED', message: 'Your parental consent is already approved.' });
    });

    it('limits a teen to 3 consent emails a day (429 with a message), then lets them send again the next day', async () => {
      const teen = await signInAs(w.t, 'teen');
      for (let i = 0; i < 3; i++) await send(teen);
      const limited = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'You can send at most 3 consent emails a day. Please try again later, or ask your coordinator for help.' });
      // An hour later, and past midnight UTC (9 PM in Boston), the three still count: any 24 hours hold at most 3.
      w.t.clock.advance(3600_000);
      expect((await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() })).statusCode).toBe(429);
      w.t.clock.set(new Date(NOON_BOSTON.getTime() + 9 * 3600_000));
      expect((await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() })).statusCode).toBe(429);
      // Another teen is not affected.
      await send(await signInAs(w.t, 'teen'));
      // 24 hours after the first three (and the hour they were counted in), the teen may send again.
      w.t.clock.set(new Date(NOON_BOSTON.getTime() + DAY));
      expect((await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() })).statusCode).toBe(429);
      w.t.clock.set(new Date(NOON_BOSTON.getTime() + DAY + 3600_000));
      await send(teen);
      w.t.clock.set(NOON_BOSTON);
    });
  });

  describe('GET /api/users/{id}/parental-consent', () => {
    it('shows the teen their status and latest request, and an admin too', async () => {
      const teen = await signInAs(w.t, 'teen');
      const none = await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(none.json()).toEqual({ status: 'none', request: null });
      const { details } = await send(teen);
      const mine = await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(mine.json<TeenConsent>()).toMatchObject({ status: 'pending', request: { parentEmail: details.parentEmail, expired: false } });
      expect((await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: w.admin.cookie })).json().status).toBe('pending');
      // After 7 days the teen is told the link expired.
      w.t.clock.advance(7 * DAY);
      expect((await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie })).json().request.expired).toBe(true);
      w.t.clock.set(NOON_BOSTON);
    });

    it('refuses another teen and a homeowner (403), a visitor (401), a bad id (400) and an admin asking about a non-teen (404)', async () => {
      const teen = await signInAs(w.t, 'teen');
      const other = await signInAs(w.t, 'teen');
      expect((await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: other.cookie })).statusCode).toBe(403);
      expect((await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: w.homeowner.cookie })).statusCode).toBe(403);
      expect((await call('GET', `/api/users/${teen.user.id}/parental-consent`)).statusCode).toBe(401);
      expect((await call('GET', '/api/users/not-an-id/parental-consent', { cookie: teen.cookie })).statusCode).toBe(400);
      expect((await call('GET', `/api/users/${w.homeowner.user.id}/parental-consent`, { cookie: w.admin.cookie })).statusCode).toBe(404);
    });
  });
});
