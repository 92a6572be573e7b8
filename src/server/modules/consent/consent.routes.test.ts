import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentEvidence, ConsentLinkView, TeenConsent } from '../../../contract/consent';
import type { Job } from '../../../contract/jobs';
import type { NotificationList } from '../../../contract/notifications';
import { consentSignatures, outboxEmails, parentalConsentEvents, parentalConsents, users } from '../../db/schema';
import { databaseKinds, testDatabaseUrl } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { CONSENT_TEXT } from './consent-text';
import { CONSENT_SENDS_PER_TEEN } from './consent.service';

const NOON_BOSTON = new Date('2026-06-15T16:00:00Z');
const DAY = 24 * 3600 * 1000;
/** 16 on the day of the tests. */
const TEEN_BIRTHDAY = '2010-03-02';

type Person = Awaited<ReturnType<typeof signInAs>>;

let parentCounter = 0;
const parentDetails = (overrides: Record<string, unknown> = {}) => ({
  parentName: 'Rosa Lopez',
  parentEmail: `parent.${Date.now().toString(36)}${parentCounter++}@example.com`,
  parentPhone: '(617) 555-0142',
  ...overrides,
});

function callsOf(t: TestApp) {
  const call = (method: 'GET' | 'POST', url: string, options: { cookie?: string; payload?: unknown; headers?: Record<string, string>; ip?: string } = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });

  /** The token of the newest consent link mailed to `to` (the outbox is the mail, before delivery). */
  const tokenMailedTo = async (to: string): Promise<string> => {
    const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(desc(outboxEmails.createdAt)).limit(1);
    const match = /\/consent\/(\S+)/.exec(mail?.textBody ?? '');
    if (!match) throw new Error(`no consent link mailed to ${to}`);
    return match[1]!;
  };

  const send = async (teen: Person, details = parentDetails()) => {
    const response = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: details });
    expect(response.statusCode, response.body).toBe(201);
    return { details, token: await tokenMailedTo(details.parentEmail), body: response.json<{ consent: TeenConsent }>() };
  };

  const sign = (token: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call('POST', `/api/parental-consent/${token}/sign`, { payload: { signatureName: 'Rosa Lopez', teenDateOfBirth: TEEN_BIRTHDAY, agree: true, ...payload }, headers, ip: '203.0.113.7' });

  return { call, send, sign, tokenMailedTo };
}

describe.each(databaseKinds())('parental consent API on %s', (kind) => {
  let t: TestApp;
  let c: ReturnType<typeof callsOf>;
  let homeowner: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'https://yardly.example' });
    t.clock.set(NOON_BOSTON);
    c = callsOf(t);
    homeowner = await signInAs(t, 'homeowner');
    admin = await signInAs(t, 'admin');
  });
  afterAll(() => t.close());

  const teenRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  /** The teen's notifications, newest first, through their own API. */
  const noticesOf = async (teen: Person) =>
    (await c.call('GET', `/api/notifications/${teen.user.id}`, { cookie: teen.cookie })).json<NotificationList>().notifications.map((n) => [n.kind, n.title, n.body]);

  describe('POST /api/parental-consent/send', () => {
    it('emails the parent a link and makes the teen pending', async () => {
      const teen = await signInAs(t, 'teen');
      const { details, token, body } = await c.send(teen);
      expect(body.consent).toMatchObject({ status: 'pending', request: { status: 'pending', parentName: 'Rosa Lopez', parentEmail: details.parentEmail, parentPhone: '(617) 555-0142', expired: false } });
      expect(new Date(body.consent.request!.expiresAt).getTime() - NOON_BOSTON.getTime()).toBe(7 * DAY);
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('pending');

      const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, details.parentEmail));
      expect(mail!.subject).toBe(`${teen.user.fullName} asks for your consent to use Yardly`);
      expect(mail!.textBody).toContain(`https://yardly.example/consent/${token}`);
      // Only the hash of the link's secret is stored.
      const [row] = await t.database.db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id));
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.tokenHash).not.toContain(token.split('.')[1]!);
    });

    it('accepts the teen\'s own teenId (spec 7) and refuses another teen\'s', async () => {
      const teen = await signInAs(t, 'teen');
      const other = await signInAs(t, 'teen');
      expect((await c.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: { ...parentDetails(), teenId: teen.user.id } })).statusCode).toBe(201);
      const refused = await c.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: { ...parentDetails(), teenId: other.user.id } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    });

    it('refuses visitors (401), homeowners, coordinators and admins (403)', async () => {
      const coordinator = await signInAs(t, 'coordinator');
      expect((await c.call('POST', '/api/parental-consent/send', { payload: parentDetails() })).statusCode).toBe(401);
      for (const person of [homeowner, coordinator, admin]) {
        expect((await c.call('POST', '/api/parental-consent/send', { cookie: person.cookie, payload: parentDetails() })).statusCode).toBe(403);
      }
    });

    it.each([
      ['a blank parent name', { parentName: '  ' }, 'parentName', "Please enter your parent's full name"],
      ['a missing parent name', { parentName: undefined }, 'parentName', 'Invalid input: expected string, received undefined'],
      ['a long parent name', { parentName: 'x'.repeat(101) }, 'parentName', 'Name is too long'],
      ['a blank email', { parentEmail: '' }, 'parentEmail', "Please enter your parent's email"],
      ['an email without @', { parentEmail: 'rosa.example.com' }, 'parentEmail', 'Please enter a valid email address'],
      ['a blank phone', { parentPhone: ' ' }, 'parentPhone', "Please enter your parent's phone number"],
      ['a phone with letters', { parentPhone: '617-555-CALL' }, 'parentPhone', 'Please enter a valid phone number'],
      ['a phone too short', { parentPhone: '555-0142' }, 'parentPhone', 'Please enter a valid phone number'],
      ['a phone as a number', { parentPhone: 6175550142 }, 'parentPhone', 'Invalid input: expected string, received number'],
      ['a teenId that is not an id', { teenId: 'me' }, 'teenId', 'Invalid UUID'],
    ])('refuses %s with 400', async (_label, change, field, message) => {
      const teen = await signInAs(t, 'teen');
      const response = await c.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails(change) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('none');
    });

    it("refuses the teen's own email as the parent's", async () => {
      const teen = await signInAs(t, 'teen');
      const response = await c.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails({ parentEmail: teen.email.toUpperCase() }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ parentEmail: "Use your parent's or guardian's email, not your own." });
    });

    it('replaces a pending request when the teen resends or corrects the address: the older link stops working', async () => {
      const teen = await signInAs(t, 'teen');
      const first = await c.send(teen, parentDetails({ parentEmail: 'rosa.typo@exmaple.com' }));
      const second = await c.send(teen);
      expect(second.body.consent.request!.parentEmail).toBe(second.details.parentEmail);

      const old = await c.call('GET', `/api/parental-consent/${first.token}`);
      expect(old.statusCode).toBe(410);
      expect(old.json()).toEqual({ code: 'CONSENT_LINK_REPLACED', message: 'A newer consent link was sent for this teen. Please use the link in the latest email.' });
      expect((await c.sign(first.token)).statusCode).toBe(410);
      expect((await c.call('GET', `/api/parental-consent/${second.token}`)).statusCode).toBe(200);
      const rows = await t.database.db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id));
      expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'superseded']);
    });

    it('refuses a teen whose consent is already approved (409)', async () => {
      const teen = await signInAs(t, 'teen', { consent: 'approved' });
      const response = await c.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONSENT_ALREADY_APPROVED', message: 'Your parental consent is already approved.' });
    });

    it(`limits a teen to ${CONSENT_SENDS_PER_TEEN.limit} sends an hour (429), then lets them send again`, async () => {
      const teen = await signInAs(t, 'teen');
      for (let i = 0; i < CONSENT_SENDS_PER_TEEN.limit; i++) await c.send(teen);
      const limited = await c.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      // Another teen is not affected.
      await c.send(await signInAs(t, 'teen'));
      t.clock.advance(CONSENT_SENDS_PER_TEEN.windowMs + 1);
      await c.send(teen);
      t.clock.set(NOON_BOSTON);
    });
  });

  describe('GET /api/users/{id}/parental-consent', () => {
    it('shows the teen their status and latest request, and an admin too', async () => {
      const teen = await signInAs(t, 'teen');
      const none = await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(none.json()).toEqual({ status: 'none', request: null });
      const { details } = await c.send(teen);
      const mine = await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(mine.json<TeenConsent>()).toMatchObject({ status: 'pending', request: { parentEmail: details.parentEmail, expired: false } });
      expect((await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: admin.cookie })).json().status).toBe('pending');
      // After 7 days the teen is told the link expired.
      t.clock.advance(7 * DAY);
      expect((await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie })).json().request.expired).toBe(true);
      t.clock.set(NOON_BOSTON);
    });

    it('refuses another teen and a homeowner (403), a visitor (401), a bad id (400) and an admin asking about a non-teen (404)', async () => {
      const teen = await signInAs(t, 'teen');
      const other = await signInAs(t, 'teen');
      expect((await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: other.cookie })).statusCode).toBe(403);
      expect((await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: homeowner.cookie })).statusCode).toBe(403);
      expect((await c.call('GET', `/api/users/${teen.user.id}/parental-consent`)).statusCode).toBe(401);
      expect((await c.call('GET', '/api/users/not-an-id/parental-consent', { cookie: teen.cookie })).statusCode).toBe(400);
      expect((await c.call('GET', `/api/users/${homeowner.user.id}/parental-consent`, { cookie: admin.cookie })).statusCode).toBe(404);
    });
  });

  describe('GET /api/parental-consent/{token}', () => {
    it('shows who asked, the versioned consent text and what the parent can do, and nothing private', async () => {
      const teen = await signInAs(t, 'teen');
      const { token } = await c.send(teen);
      const response = await c.call('GET', `/api/parental-consent/${token}`);
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
    ])('answers %s with a clear 4xx (404, or 414 for a path too long to be a link)', async (_label, token) => {
      const response = await c.call('GET', `/api/parental-consent/${token}`);
      expect([404, 414]).toContain(response.statusCode);
      if (response.statusCode === 404) {
        expect(response.json()).toEqual({ code: 'CONSENT_LINK_INVALID', message: 'This consent link is not valid. Check that you opened the whole link from the email.' });
      }
    });

    it('refuses the right request id with a wrong secret (404)', async () => {
      const { token } = await c.send(await signInAs(t, 'teen'));
      const [id, secret] = token.split('.') as [string, string];
      const forged = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      expect((await c.call('GET', `/api/parental-consent/${forged}`)).json().code).toBe('CONSENT_LINK_INVALID');
      expect((await c.sign(forged)).statusCode).toBe(404);
      expect((await c.call('POST', `/api/parental-consent/${forged}/decline`)).statusCode).toBe(404);
      expect((await c.call('POST', `/api/parental-consent/${forged}/revoke`)).statusCode).toBe(404);
    });

    it('answers a pending link past its 7 days with 410', async () => {
      const { token } = await c.send(await signInAs(t, 'teen'));
      t.clock.advance(7 * DAY - 1000);
      expect((await c.call('GET', `/api/parental-consent/${token}`)).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await c.call('GET', `/api/parental-consent/${token}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ code: 'CONSENT_LINK_EXPIRED', message: 'This consent link has expired. Ask your teen to send a new one from Yardly.' });
      const late = await c.sign(token);
      expect(late.statusCode).toBe(410);
      expect((await c.call('POST', `/api/parental-consent/${token}/decline`)).statusCode).toBe(410);
      t.clock.set(NOON_BOSTON);
    });
  });

  describe('POST /api/parental-consent/{token}/sign', () => {
    it('approves the teen and keeps the evidence: text version and hash, name, birth date, time, IP, user agent, contacts', async () => {
      const teen = await signInAs(t, 'teen');
      const { token, details } = await c.send(teen);
      t.clock.advance(3600_000);
      const response = await c.sign(token, { signatureName: '  Rosa M. Lopez ', consentTextVersion: CONSENT_TEXT.version }, { 'user-agent': 'ParentPhone/1.0' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: `Thank you. Your consent is recorded and ${teen.user.fullName} can now accept jobs on Yardly.`,
        view: { status: 'approved', actions: ['revoke'], signatureName: 'Rosa M. Lopez' },
      });

      const row = await teenRow(teen.user.id);
      expect(row.parentalConsentStatus).toBe('approved');
      expect(row.dateOfBirth).toBe(TEEN_BIRTHDAY);
      const [consent] = await t.database.db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id));
      const [signature] = await t.database.db.select().from(consentSignatures).where(eq(consentSignatures.consentId, consent!.id));
      expect(signature).toEqual({
        consentId: consent!.id,
        consentTextVersion: CONSENT_TEXT.version,
        consentTextSha256: CONSENT_TEXT.sha256,
        signatureName: 'Rosa M. Lopez',
        teenDateOfBirth: TEEN_BIRTHDAY,
        signedAt: t.clock.now(),
        ipAddress: '203.0.113.7',
        userAgent: 'ParentPhone/1.0',
        teenName: teen.user.fullName,
        teenEmail: teen.email,
        parentName: 'Rosa Lopez',
        parentEmail: details.parentEmail,
        parentPhone: '(617) 555-0142',
      });
      const events = await t.database.db.select().from(parentalConsentEvents).where(eq(parentalConsentEvents.consentId, consent!.id)).orderBy(parentalConsentEvents.id);
      expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actor])).toEqual([
        ['send', null, 'pending', 'teen'],
        ['sign', 'pending', 'approved', 'parent'],
      ]);

      // The parent gets a copy; the teen is told, in the app and by email.
      expect(await noticesOf(teen)).toEqual([['consent_approved', 'Parental consent approved', 'Rosa Lopez signed your consent. You can now lock and accept jobs.']]);
      const mailTo = async (to: string) => t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
      expect((await mailTo(details.parentEmail)).map((m) => m.subject)).toContain(`You gave consent for ${teen.user.fullName} to use Yardly`);
      expect((await mailTo(teen.email)).map((m) => m.subject)).toEqual(['Parental consent approved']);
      // The teen's own account data never carries the birth date.
      const me = await c.call('GET', '/api/auth/me', { cookie: teen.cookie });
      expect(me.json()).toMatchObject({ parentalConsentStatus: 'approved' });
      expect(me.body).not.toContain(TEEN_BIRTHDAY);
      t.clock.set(NOON_BOSTON);
    });

    it('works once: a second signature, a decline after it and a resend from the teen are refused', async () => {
      const teen = await signInAs(t, 'teen');
      const { token } = await c.send(teen);
      expect((await c.sign(token)).statusCode).toBe(200);
      const again = await c.sign(token);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CONSENT_LINK_USED');
      expect((await c.call('POST', `/api/parental-consent/${token}/decline`)).statusCode).toBe(409);
      expect((await c.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: parentDetails() })).statusCode).toBe(409);
      // The used link still opens, to show the decision and offer revocation.
      expect((await c.call('GET', `/api/parental-consent/${token}`)).json()).toMatchObject({ status: 'approved', actions: ['revoke'] });
    });

    it('lets exactly one of several simultaneous signatures through', async () => {
      const teen = await signInAs(t, 'teen');
      const { token } = await c.send(teen);
      const answers = await Promise.all(Array.from({ length: 8 }, () => c.sign(token)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const signatures = await t.database.db.select().from(consentSignatures).innerJoin(parentalConsents, eq(parentalConsents.id, consentSignatures.consentId)).where(eq(parentalConsents.teenId, teen.user.id));
      expect(signatures).toHaveLength(1);
    });

    it.each([
      ['13 (a day before the 14th birthday)', '2012-06-16', 'Yardly is for teens aged 14 to 18. Your teen can join from their 14th birthday.'],
      ['19', '2007-06-15', 'Yardly is for teens aged 14 to 18, so it cannot take consent for someone who is 19.'],
      ['born in the future', '2027-01-01', 'The date of birth cannot be in the future.'],
    ])('refuses a teen who would be %s at signing (400), and the link stays usable', async (_label, birth, message) => {
      const teen = await signInAs(t, 'teen');
      const { token } = await c.send(teen);
      const response = await c.sign(token, { teenDateOfBirth: birth });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'TEEN_AGE_NOT_ALLOWED', message, fields: { teenDateOfBirth: message } });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('pending');
      expect((await c.sign(token, { teenDateOfBirth: '2012-06-15' })).statusCode).toBe(200);
    });

    it('takes the day of signing in the service time zone: 11:30 PM in Boston is still the day before the 14th birthday', async () => {
      const teen = await signInAs(t, 'teen');
      const { token } = await c.send(teen);
      t.clock.set(new Date('2026-06-16T03:30:00Z'));
      expect((await c.sign(token, { teenDateOfBirth: '2012-06-16' })).json().code).toBe('TEEN_AGE_NOT_ALLOWED');
      t.clock.set(NOON_BOSTON);
    });

    it.each([
      ['agree false', { agree: false }, 'agree', 'Tick the box to agree to the consent'],
      ['agree missing', { agree: undefined }, 'agree', 'Tick the box to agree to the consent'],
      ['agree as a string', { agree: 'true' }, 'agree', 'Tick the box to agree to the consent'],
      ['a blank signature', { signatureName: '   ' }, 'signatureName', 'Please enter your full name'],
      ['a one-letter signature', { signatureName: 'R' }, 'signatureName', 'Type your full name to sign'],
      ['a long signature', { signatureName: 'R'.repeat(101) }, 'signatureName', 'Full name is too long'],
      ['a date that does not exist', { teenDateOfBirth: '2010-02-30' }, 'teenDateOfBirth', 'This date does not exist'],
      ['a date in another format', { teenDateOfBirth: '03/02/2010' }, 'teenDateOfBirth', 'Enter the date as YYYY-MM-DD'],
      ['no date', { teenDateOfBirth: undefined }, 'teenDateOfBirth', 'Invalid input: expected string, received undefined'],
    ])('refuses %s with 400', async (_label, change, field, message) => {
      const { token } = await c.send(await signInAs(t, 'teen'));
      const response = await c.sign(token, change);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
    });

    it('asks the parent to read again when the consent text changed since the page opened (409)', async () => {
      const { token } = await c.send(await signInAs(t, 'teen'));
      const response = await c.sign(token, { consentTextVersion: '2020-01-01' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('CONSENT_TEXT_CHANGED');
    });
  });

  describe('POST /api/parental-consent/{token}/decline', () => {
    it('marks the request and the teen declined; the link cannot sign afterwards; the teen may ask again', async () => {
      const teen = await signInAs(t, 'teen');
      const { token } = await c.send(teen);
      const response = await c.call('POST', `/api/parental-consent/${token}/decline`, { ip: '198.51.100.4' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: `You declined. ${teen.user.fullName} cannot accept jobs on Yardly.`, view: { status: 'declined', actions: [] } });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('declined');
      expect(await noticesOf(teen)).toEqual([['consent_declined', 'Parental consent declined', 'Rosa Lopez declined your consent. Talk with them, then send a new request.']]);
      expect((await c.sign(token)).json().code).toBe('CONSENT_LINK_USED');
      const [event] = await t.database.db
        .select()
        .from(parentalConsentEvents)
        .innerJoin(parentalConsents, eq(parentalConsents.id, parentalConsentEvents.consentId))
        .where(and(eq(parentalConsents.teenId, teen.user.id), eq(parentalConsentEvents.action, 'decline')));
      expect(event!.parental_consent_events).toMatchObject({ fromStatus: 'pending', toStatus: 'declined', actor: 'parent', ipAddress: '198.51.100.4' });
      const status = await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(status.json()).toMatchObject({ status: 'declined', request: { status: 'declined' } });
      await c.send(teen);
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('pending');
    });
  });

  describe('POST /api/parental-consent/{token}/revoke and the job rules', () => {
    const postJob = async (): Promise<Job> => {
      const response = await c.call('POST', '/api/jobs', { cookie: homeowner.cookie, payload: validJob() });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };

    it('refuses to revoke a consent not yet given (409)', async () => {
      const { token } = await c.send(await signInAs(t, 'teen'));
      const response = await c.call('POST', `/api/parental-consent/${token}/revoke`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'There is no approved consent to revoke through this link.' });
    });

    it('lets a signed teen lock and accept; after revocation the teen cannot lock or finalize, even weeks after the link was sent', async () => {
      const teen = await signInAs(t, 'teen');
      const { token } = await c.send(teen);
      const first = await postJob();
      const refused = await c.call('POST', `/api/jobs/${first.id}/accept`, { cookie: teen.cookie, payload: {} });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('CONSENT_REQUIRED');

      expect((await c.sign(token)).statusCode).toBe(200);
      expect((await c.call('POST', `/api/jobs/${first.id}/accept`, { cookie: teen.cookie, payload: {} })).json().status).toBe('locked');
      expect((await c.call('POST', `/api/jobs/${first.id}/accept`, { cookie: teen.cookie, payload: {} })).json().status).toBe('accepted');

      const second = await postJob();
      expect((await c.call('POST', `/api/jobs/${second.id}/accept`, { cookie: teen.cookie, payload: {} })).json().status).toBe('locked');

      t.clock.advance(30 * DAY);
      const revoked = await c.call('POST', `/api/parental-consent/${token}/revoke`, { headers: { 'user-agent': 'ParentLaptop/2.0' } });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ message: `Consent revoked. ${teen.user.fullName} can no longer lock or accept new jobs.`, view: { status: 'revoked', actions: [] } });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('revoked');
      t.clock.set(NOON_BOSTON);
      expect((await noticesOf(teen))[0]).toEqual(['consent_revoked', 'Parental consent revoked', "Rosa Lopez revoked your consent, so you can't lock or accept new jobs."]);

      // The teen's session still says nothing new; the job rules read consent afresh.
      const finalize = await c.call('POST', `/api/jobs/${second.id}/finalize-lock`, { cookie: teen.cookie, payload: {} });
      expect(finalize.statusCode).toBe(403);
      expect(finalize.json()).toEqual({ code: 'CONSENT_REQUIRED', message: 'You need parental consent before accepting jobs.' });
      const third = await postJob();
      expect((await c.call('POST', `/api/jobs/${third.id}/accept`, { cookie: teen.cookie, payload: {} })).json().code).toBe('CONSENT_REQUIRED');
      // Releasing what is already held stays possible.
      expect((await c.call('POST', `/api/jobs/${second.id}/release-lock`, { cookie: teen.cookie, payload: {} })).statusCode).toBe(200);

      const again = await c.call('POST', `/api/parental-consent/${token}/revoke`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONSENT_LINK_USED', message: 'You already revoked this consent.' });
      expect((await c.call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie })).json()).toMatchObject({ status: 'revoked', request: { status: 'revoked' } });
    });
  });

  describe('GET /api/admin/parental-consents', () => {
    it('gives an admin the evidence and history of each request, filtered by teen and status', async () => {
      const teen = await signInAs(t, 'teen');
      const { token, details } = await c.send(teen);
      await c.sign(token, {}, { 'user-agent': 'EvidenceAgent/1' });
      const response = await c.call('GET', `/api/admin/parental-consents?teenId=${teen.user.id}&status=approved`, { cookie: admin.cookie });
      expect(response.statusCode).toBe(200);
      const [evidence] = response.json<{ consents: ConsentEvidence[] }>().consents;
      expect(evidence).toMatchObject({
        status: 'approved',
        teen: { id: teen.user.id, fullName: teen.user.fullName, email: teen.email },
        parent: { name: 'Rosa Lopez', email: details.parentEmail, phone: '(617) 555-0142' },
        signature: { signatureName: 'Rosa Lopez', teenDateOfBirth: TEEN_BIRTHDAY, consentTextVersion: CONSENT_TEXT.version, consentTextSha256: CONSENT_TEXT.sha256, ipAddress: '203.0.113.7', userAgent: 'EvidenceAgent/1' },
      });
      expect(evidence!.events.map((e) => e.action)).toEqual(['send', 'sign']);
      const pendingOnly = await c.call('GET', `/api/admin/parental-consents?teenId=${teen.user.id}&status=pending`, { cookie: admin.cookie });
      expect(pendingOnly.json().consents).toEqual([]);
    });

    it('refuses teens, homeowners (403), visitors (401) and bad filters (400)', async () => {
      const teen = await signInAs(t, 'teen');
      expect((await c.call('GET', '/api/admin/parental-consents', { cookie: teen.cookie })).statusCode).toBe(403);
      expect((await c.call('GET', '/api/admin/parental-consents', { cookie: homeowner.cookie })).statusCode).toBe(403);
      expect((await c.call('GET', '/api/admin/parental-consents')).statusCode).toBe(401);
      expect((await c.call('GET', '/api/admin/parental-consents?status=maybe', { cookie: admin.cookie })).statusCode).toBe(400);
      expect((await c.call('GET', '/api/admin/parental-consents?limit=1000', { cookie: admin.cookie })).statusCode).toBe(400);
    });
  });

  it("never shows a teen's birth date to a homeowner or another teen", async () => {
    const teen = await signInAs(t, 'teen');
    const { token } = await c.send(teen);
    await c.sign(token);
    const job = await c.call('POST', '/api/jobs', { cookie: homeowner.cookie, payload: validJob() });
    await c.call('POST', `/api/jobs/${job.json().id}/accept`, { cookie: teen.cookie, payload: {} });
    await c.call('POST', `/api/jobs/${job.json().id}/accept`, { cookie: teen.cookie, payload: {} });
    const other = await signInAs(t, 'teen');
    for (const [url, cookie] of [
      [`/api/jobs/${job.json().id}`, homeowner.cookie],
      [`/api/jobs?homeownerId=${homeowner.user.id}`, homeowner.cookie],
      [`/api/parental-consent/${token}`, undefined],
      [`/api/users/${teen.user.id}/parental-consent`, other.cookie],
    ] as const) {
      const response = await c.call('GET', url, { cookie });
      expect(response.body).not.toContain(TEEN_BIRTHDAY);
    }
  });
});

describe.runIf(testDatabaseUrl)('a revocation racing with a lock on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    t.clock.set(NOON_BOSTON);
  });
  afterAll(() => t.close());

  it('is seen inside the locking transaction, even though the request began while consent was approved', async () => {
    const homeowner = await signInAs(t, 'homeowner');
    const teen = await signInAs(t, 'teen', { consent: 'approved' });
    const job = (await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: homeowner.cookie }, payload: validJob() })).json<Job>();
    // Another connection revokes, and holds its transaction open while the lock request starts.
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`UPDATE users SET parental_consent_status = 'revoked' WHERE id = $1`, [teen.user.id]);
      const lock = t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/accept`, headers: { cookie: teen.cookie }, payload: {} });
      // The request has read the session (still approved) and waits on the teen's row.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      const response = await lock;
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CONSENT_REQUIRED');
    } finally {
      await other.end();
    }
  });
});
