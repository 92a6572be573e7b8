import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { parentalConsentEvents, parentalConsents } from '../../db/schema';
import { firstRow } from '../../errors';
import { databaseKinds, testDatabaseUrl } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { DAY, NOON_BOSTON, useConsentApi } from './consent.test-helpers';

describe.each(databaseKinds())('parental consent API on %s', (kind) => {
  const w = useConsentApi(kind);
  const { call, send, sign, teenRow, noticesOf } = w;

  describe('POST /api/parental-consent/{token}/decline', () => {
    it('marks the request and the teen declined; the link cannot sign afterwards; the teen may ask again', async () => {
      const teen = await signInAs(w.t, 'teen');
      const { token, details } = await send(teen);
      const response = await call('POST', `/api/parental-consent/${token}/decline`, { ip: '198.51.100.4' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: `You declined. ${teen.user.fullName} cannot accept jobs on Yardly.`, view: { status: 'declined', actions: [] } });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('declined');
      expect(await noticesOf(teen)).toEqual([['consent_declined', 'Parental consent declined', 'Rosa Lopez declined your consent. Talk with them, then send a new request.']]);
      expect((await sign(token)).json().code).toBe('CONSENT_LINK_USED');
      const declines = await w.t.database.db
        .select()
        .from(parentalConsentEvents)
        .innerJoin(parentalConsents, eq(parentalConsents.id, parentalConsentEvents.consentId))
        .where(and(eq(parentalConsents.teenId, teen.user.id), eq(parentalConsentEvents.action, 'decline')));
      expect(firstRow(declines, 'the decline event').parental_consent_events).toMatchObject({ fromStatus: 'pending', toStatus: 'declined', actor: 'parent', ipAddress: '198.51.100.4' });
      const status = await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie });
      expect(status.json()).toMatchObject({ status: 'declined', request: { status: 'declined' } });
      // Asking the same parent again goes out at once (another address is held: consent.held.test.ts).
      await send(teen, details);
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('pending');
    });
  });

  describe('POST /api/parental-consent/{token}/revoke and the job rules', () => {
    const postJob = async (): Promise<Job> => {
      const response = await call('POST', '/api/jobs', { cookie: w.homeowner.cookie, payload: validJob() });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };

    it('refuses to revoke a consent not yet given (409)', async () => {
      const { token } = await send(await signInAs(w.t, 'teen'));
      const response = await call('POST', `/api/parental-consent/${token}/revoke`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'There is no approved consent to revoke through this link.' });
    });

    it('lets a signed teen lock and accept; after revocation the teen cannot lock or finalize, even weeks after the link was sent', async () => {
      const teen = await signInAs(w.t, 'teen');
      const { token } = await send(teen);
      const first = await postJob();
      const refused = await call('POST', `/api/jobs/${first.id}/accept`, { cookie: teen.cookie, payload: {} });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('CONSENT_REQUIRED');

      expect((await sign(token)).statusCode).toBe(200);
      expect((await call('POST', `/api/jobs/${first.id}/accept`, { cookie: teen.cookie, payload: {} })).json().status).toBe('locked');
      expect((await call('POST', `/api/jobs/${first.id}/accept`, { cookie: teen.cookie, payload: {} })).json().status).toBe('accepted');

      const second = await postJob();
      expect((await call('POST', `/api/jobs/${second.id}/accept`, { cookie: teen.cookie, payload: {} })).json().status).toBe('locked');

      w.t.clock.advance(30 * DAY);
      const revoked = await call('POST', `/api/parental-consent/${token}/revoke`, { headers: { 'user-agent': 'ParentLaptop/2.0' } });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ message: `Consent revoked. ${teen.user.fullName} can no longer lock or accept new jobs.`, view: { status: 'revoked', actions: [] } });
      expect((await teenRow(teen.user.id)).parentalConsentStatus).toBe('revoked');
      w.t.clock.set(NOON_BOSTON);
      expect((await noticesOf(teen))[0]).toEqual(['consent_revoked', 'Parental consent revoked', "Rosa Lopez revoked your consent, so you can't lock or accept new jobs."]);

      // The teen's session still says nothing new; the job rules read consent afresh.
      const finalize = await call('POST', `/api/jobs/${second.id}/finalize-lock`, { cookie: teen.cookie, payload: {} });
      expect(finalize.statusCode).toBe(403);
      expect(finalize.json()).toEqual({ code: 'CONSENT_REQUIRED', message: 'You need parental consent before accepting jobs.' });
      const third = await postJob();
      expect((await call('POST', `/api/jobs/${third.id}/accept`, { cookie: teen.cookie, payload: {} })).json().code).toBe('CONSENT_REQUIRED');
      // Releasing what is already held stays possible.
      expect((await call('POST', `/api/jobs/${second.id}/release-lock`, { cookie: teen.cookie, payload: {} })).statusCode).toBe(200);

      const again = await call('POST', `/api/parental-consent/${token}/revoke`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONSENT_LINK_USED', message: 'You already revoked this consent.' });
      expect((await call('GET', `/api/users/${teen.user.id}/parental-consent`, { cookie: teen.cookie })).json()).toMatchObject({ status: 'revoked', request: { status: 'revoked' } });
    });
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
