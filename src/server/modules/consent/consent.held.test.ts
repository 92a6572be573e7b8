import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HeldConsentRequest, TeenConsent } from '../../../contract/consent';
import { outboxEmails, parentalConsentEvents, parentalConsents } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { NOON_BOSTON, parentDetails, useConsentApi, type Person } from './consent.test-helpers';

/**
 * Issue 20: once a parent has signed, declined or revoked, a request to another address is held
 * until the teen's area coordinator or an admin approves it; the parent who answered is told at once.
 */
describe.each(databaseKinds())('held consent requests on %s', (kind) => {
  const w = useConsentApi(kind);
  const { call, send, sign, teenRow, noticesOf } = w;

  const mailsTo = (to: string) => w.t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(desc(outboxEmails.createdAt));
  const sendRaw = (teen: Person, details: ReturnType<typeof parentDetails>) => call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: details });
  const heldList = async (person: Person) => {
    const response = await call('GET', '/api/parental-consent/held', { cookie: person.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ requests: HeldConsentRequest[] }>().requests;
  };
  const answer = (person: Person | null, id: string, what: 'approve' | 'refuse') => call('POST', `/api/parental-consent/held/${id}/${what}`, person ? { cookie: person.cookie } : {});

  /** A teen whose first parent declined; `name` for emails that must name the teen. */
  async function declinedTeen(name = 'Sam Taylor') {
    const teen = await w.teenNamed(name);
    const first = await send(teen, parentDetails({ parentName: 'Rosa Lopez' }));
    expect((await call('POST', `/api/parental-consent/${first.token}/decline`)).statusCode).toBe(200);
    return { teen, first: first.details };
  }

  /** The teen asks `details`, which is held (201, no mail to it); returns the held request's id. */
  async function holdRequest(teen: Person, details = parentDetails({ parentName: 'Dana Cole' })) {
    // A second later than what came before: "the latest request" is the newest by time.
    w.t.clock.advance(1000);
    const response = await sendRaw(teen, details);
    expect(response.statusCode, response.body).toBe(201);
    const consent = response.json<{ consent: TeenConsent }>().consent;
    expect(consent).toMatchObject({ status: 'pending', request: { status: 'held', parentEmail: details.parentEmail } });
    return { id: consent.request!.id, details };
  }

  describe('POST /api/parental-consent/send after a parent answered', () => {
    it('holds a request to another address after a decline: nothing goes to it, the parent who declined is told with the address masked', async () => {
      const { teen, first } = await declinedTeen();
      const { id, details } = await holdRequest(teen, parentDetails({ parentName: 'Dana Cole', parentEmail: `dana.${Date.now()}@example.net` }));

      expect(await mailsTo(details.parentEmail)).toEqual([]);
      const notice = (await mailsTo(first.parentEmail)).find((m) => m.subject === 'Sam T. asked someone else for consent to use Yardly');
      expect(notice!.textBody).toContain('Hi Rosa Lopez,');
      expect(notice!.textBody).toContain('You declined consent for Sam T. to use Yardly.');
      expect(notice!.textBody).toContain('asked for consent from another email address (d***@example.net)');
      expect(notice!.textBody).toContain('nothing is sent to the other address until');
      for (const part of [notice!.subject, notice!.textBody, notice!.htmlBody ?? '']) {
        expect(part).not.toContain(details.parentEmail);
        expect(part).not.toContain('Taylor');
        expect(part).not.toContain(teen.email);
      }

      const mine = await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(mine.json()).toMatchObject({ status: 'pending', request: { id, status: 'held', parentName: 'Dana Cole', parentEmail: details.parentEmail } });
      const events = await w.t.database.db.select().from(parentalConsentEvents).where(eq(parentalConsentEvents.consentId, id));
      expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actor])).toEqual([['hold', null, 'held', 'teen']]);
    });

    it('holds a request to another address after a parent signed and revoked; the parent who revoked is told', async () => {
      const teen = await w.teenNamed('Sam Taylor');
      const first = await send(teen);
      expect((await sign(first.token)).statusCode).toBe(200);
      expect((await call('POST', `/api/parental-consent/${first.token}/revoke`)).statusCode).toBe(200);
      const { details } = await holdRequest(teen);
      expect(await mailsTo(details.parentEmail)).toEqual([]);
      const notice = (await mailsTo(first.details.parentEmail)).find((m) => m.subject === 'Sam T. asked someone else for consent to use Yardly');
      expect(notice!.textBody).toContain('You revoked consent for Sam T. to use Yardly.');
    });

    it('mails the parent who answered at once when asked again, however the address is spelled', async () => {
      const { teen, first } = await declinedTeen();
      const again = first.parentEmail.replace('@', '+again@');
      const response = await sendRaw(teen, { ...first, parentEmail: again.toUpperCase() });
      expect(response.statusCode).toBe(201);
      expect(response.json().consent.request.status).toBe('pending');
      expect((await mailsTo(again)).map((m) => m.subject)).toEqual(['Sam T. asks for your consent to use Yardly']);
    });

    it('does not hold a corrected address before any parent answered', async () => {
      const teen = await signInAs(w.t, 'teen');
      await send(teen, parentDetails({ parentEmail: `typo.${Date.now()}@exmaple.com` }));
      const corrected = await send(teen);
      expect(corrected.body.consent.request!.status).toBe('pending');
    });

    it('replaces a held request with a newer send, which is held in turn', async () => {
      const { teen } = await declinedTeen();
      const older = await holdRequest(teen);
      const newer = await holdRequest(teen);
      const statuses = await w.t.database.db.select({ id: parentalConsents.id, status: parentalConsents.status }).from(parentalConsents).where(eq(parentalConsents.teenId, teen.user.id));
      expect(statuses).toEqual(expect.arrayContaining([{ id: older.id, status: 'superseded' }, { id: newer.id, status: 'held' }]));
      const refused = await answer(w.admin, older.id, 'approve');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'This request is no longer waiting for approval: it was approved, refused or replaced by a newer one.' });
      expect(await mailsTo(older.details.parentEmail)).toEqual([]);
    });

    it('counts a held request toward the 3 a day; an approval is not refused for it', async () => {
      const { teen } = await declinedTeen();
      await holdRequest(teen);
      const last = await holdRequest(teen);
      expect((await sendRaw(teen, parentDetails())).statusCode).toBe(429);
      expect((await answer(w.admin, last.id, 'approve')).statusCode).toBe(200);
      expect(await mailsTo(last.details.parentEmail)).toHaveLength(1);
    });
  });

  describe('GET /api/parental-consent/held', () => {
    it("lists a request to the teen's area coordinator and to admins, with the teen and both parents; not to another area's coordinator", async () => {
      const { teen, first } = await declinedTeen('Sam Taylor');
      const { id, details } = await holdRequest(teen);
      const coordinator = await signInAs(w.t, 'coordinator', { coordinatorZips: ['02139'] });
      const elsewhere = await signInAs(w.t, 'coordinator', { coordinatorZips: ['02142'] });

      const listed = (await heldList(coordinator)).find((r) => r.id === id);
      expect(listed).toEqual({
        id,
        teen: { id: teen.user.id, fullName: 'Sam Taylor' },
        earlierParent: { name: 'Rosa Lopez', email: first.parentEmail, phone: '(617) 555-0142', answer: 'declined', answeredAt: expect.any(String) },
        newParent: { name: 'Dana Cole', email: details.parentEmail, phone: '(617) 555-0142' },
        requestedAt: expect.any(String),
      });
      expect((await heldList(w.admin)).map((r) => r.id)).toContain(id);
      expect((await heldList(elsewhere)).map((r) => r.id)).not.toContain(id);
    });

    it('refuses teens and homeowners (403) and visitors (401)', async () => {
      const teen = await signInAs(w.t, 'teen');
      expect((await call('GET', '/api/parental-consent/held', { cookie: teen.cookie })).statusCode).toBe(403);
      expect((await call('GET', '/api/parental-consent/held', { cookie: w.homeowner.cookie })).statusCode).toBe(403);
      expect((await call('GET', '/api/parental-consent/held')).statusCode).toBe(401);
    });
  });

  describe('POST /api/parental-consent/held/{id}/approve and /refuse', () => {
    it('approving mails the new parent a working link at once, tells the teen, and keeps who approved', async () => {
      const { teen } = await declinedTeen();
      const { id, details } = await holdRequest(teen);
      const coordinator = await signInAs(w.t, 'coordinator', { coordinatorZips: ['02139'] });
      w.t.clock.advance(3600_000);
      const approved = await answer(coordinator, id, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toEqual({ message: 'Approved. The consent form is on its way to Dana Cole.' });

      const [mail] = await mailsTo(details.parentEmail);
      expect(mail!.subject).toBe('Sam T. asks for your consent to use Yardly');
      expect(mail!.textBody).toContain('Hi Dana Cole,');
      const token = await w.tokenMailedTo(details.parentEmail);
      expect((await call('GET', `/api/parental-consent/${token}`)).json()).toMatchObject({ status: 'pending', actions: ['sign', 'decline'] });
      const row = firstRow(await w.t.database.db.select().from(parentalConsents).where(eq(parentalConsents.id, id)), 'the request');
      expect(row).toMatchObject({ status: 'pending', reviewedBy: coordinator.user.id, reviewedAt: w.t.clock.now(), expiresAt: new Date(w.t.clock.now().getTime() + 7 * 24 * 3600_000) });
      const events = await w.t.database.db.select().from(parentalConsentEvents).where(eq(parentalConsentEvents.consentId, id)).orderBy(parentalConsentEvents.id);
      expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actor])).toEqual([
        ['hold', null, 'held', 'teen'],
        ['release', 'held', 'pending', 'coordinator'],
      ]);
      expect((await noticesOf(teen))[0]).toEqual(['consent_request_sent', 'Consent form sent', 'Yardly checked your request and emailed the consent form to Dana Cole. You can accept jobs once they sign it.']);
      expect((await heldList(coordinator)).map((r) => r.id)).not.toContain(id);

      // The new parent signs through the approved link.
      expect((await sign(token, { signatureName: 'Dana Cole' })).statusCode).toBe(200);
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('approved');
      const again = await answer(coordinator, id, 'approve');
      expect(again.statusCode).toBe(409);
      expect(await mailsTo(details.parentEmail)).toHaveLength(2); // the request and the signed copy, no second request
      w.t.clock.set(NOON_BOSTON);
    });

    it('refusing mails nothing, puts the teen back where the parent who declined left them, and tells the teen', async () => {
      const { teen } = await declinedTeen();
      const { id, details } = await holdRequest(teen);
      const refused = await answer(w.admin, id, 'refuse');
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json()).toEqual({ message: 'Refused. Nothing was sent to Dana Cole, and Sam Taylor has been told.' });
      expect(await mailsTo(details.parentEmail)).toEqual([]);
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('declined');
      expect(await noticesOf(teen)).toContainEqual([
        'consent_request_refused',
        'Consent request not sent',
        'Yardly did not send your consent request to Dana Cole. Talk with the parent or guardian who answered before, or contact support.',
      ]);
      const mine = await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(mine.json()).toMatchObject({ status: 'declined', request: { id, status: 'refused' } });
      const row = firstRow(await w.t.database.db.select().from(parentalConsents).where(eq(parentalConsents.id, id)), 'the request');
      expect(row).toMatchObject({ status: 'refused', reviewedBy: w.admin.user.id });
      const [event] = await w.t.database.db.select().from(parentalConsentEvents).where(and(eq(parentalConsentEvents.consentId, id), eq(parentalConsentEvents.action, 'refuse')));
      expect(event).toMatchObject({ fromStatus: 'held', toStatus: 'refused', actor: 'admin' });
      // Refused is final; the teen may ask again (held again).
      expect((await answer(w.admin, id, 'approve')).statusCode).toBe(409);
      await holdRequest(teen);
    });

    it("answers a coordinator of another area 404 and changes nothing; teens and homeowners 403, visitors 401, bad ids 400, unknown ids 404", async () => {
      const { teen } = await declinedTeen();
      const { id, details } = await holdRequest(teen);
      const elsewhere = await signInAs(w.t, 'coordinator', { coordinatorZips: ['02142'] });
      for (const what of ['approve', 'refuse'] as const) {
        const response = await answer(elsewhere, id, what);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No such consent request.' });
        expect((await answer(teen, id, what)).statusCode).toBe(403);
        expect((await answer(w.homeowner, id, what)).statusCode).toBe(403);
        expect((await answer(null, id, what)).statusCode).toBe(401);
        expect((await answer(w.admin, 'not-an-id', what)).statusCode).toBe(400);
        expect((await answer(w.admin, '00000000-0000-4000-8000-000000000000', what)).statusCode).toBe(404);
      }
      expect(firstRow(await w.t.database.db.select().from(parentalConsents).where(eq(parentalConsents.id, id)), 'the request').status).toBe('held');
      expect(await mailsTo(details.parentEmail)).toEqual([]);
    });
  });
});
