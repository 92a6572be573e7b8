import { describe, expect, it } from 'vitest';
import type { ConsentEvidence } from '../../../contract/consent';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { signInAs } from '../../test/test-app';
import { CONSENT_TEXT } from './consent-text';
import { TEEN_BIRTHDAY, useConsentApi } from './consent.test-helpers';

describe.each(databaseKinds())('parental consent API on %s', (kind) => {
  const w = useConsentApi(kind);
  const { call, send, sign } = w;

  describe('GET /api/admin/parental-consents', () => {
    it('gives an admin the evidence and history of each request, filtered by teen and status', async () => {
      const teen = await signInAs(w.t, 'teen');
      const { token, details } = await send(teen);
      await sign(token, {}, { 'user-agent': 'EvidenceAgent/1' });
      const response = await call('GET', `/api/admin/parental-consents?teenId=${teen.user.id}&status=approved`, { cookie: w.admin.cookie });
      expect(response.statusCode).toBe(200);
      const [evidence] = response.json<{ consents: ConsentEvidence[] }>().consents;
      expect(evidence).toMatchObject({
        status: 'approved',
        teen: { id: teen.user.id, fullName: teen.user.fullName, email: teen.email },
        parent: { name: 'Rosa Lopez', email: details.parentEmail, phone: '(617) 555-0142' },
        signature: { signatureName: 'Rosa Lopez', teenDateOfBirth: TEEN_BIRTHDAY, consentTextVersion: CONSENT_TEXT.version, consentTextSha256: CONSENT_TEXT.sha256, ipAddress: '203.0.113.7', userAgent: 'EvidenceAgent/1' },
      });
      expect(evidence!.events.map((e) => e.action)).toEqual(['send', 'sign']);
      const pendingOnly = await call('GET', `/api/admin/parental-consents?teenId=${teen.user.id}&status=pending`, { cookie: w.admin.cookie });
      expect(pendingOnly.json().consents).toEqual([]);
    });

    it('refuses teens, homeowners (403), visitors (401) and bad filters (400)', async () => {
      const teen = await signInAs(w.t, 'teen');
      expect((await call('GET', '/api/admin/parental-consents', { cookie: teen.cookie })).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/parental-consents', { cookie: w.homeowner.cookie })).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/parental-consents')).statusCode).toBe(401);
      expect((await call('GET', '/api/admin/parental-consents?status=maybe', { cookie: w.admin.cookie })).statusCode).toBe(400);
      expect((await call('GET', '/api/admin/parental-consents?limit=1000', { cookie: w.admin.cookie })).statusCode).toBe(400);
    });
  });

  it("never shows a teen's birth date to a homeowner or another teen", async () => {
    const teen = await signInAs(w.t, 'teen');
    const { token } = await send(teen);
    await sign(token);
    const job = await call('POST', '/api/jobs', { cookie: w.homeowner.cookie, payload: validJob() });
    await call('POST', `/api/jobs/${job.json().id}/accept`, { cookie: teen.cookie, payload: {} });
    await call('POST', `/api/jobs/${job.json().id}/accept`, { cookie: teen.cookie, payload: {} });
    const other = await signInAs(w.t, 'teen');
    for (const [url, cookie] of [
      [`/api/jobs/${job.json().id}`, w.homeowner.cookie],
      [`/api/jobs?homeownerId=${w.homeowner.user.id}`, w.homeowner.cookie],
      [`/api/parental-consent/${token}`, undefined],
      [`/api/users/${teen.user.id}/parental-consent`, other.cookie],
    ] as const) {
      const response = await call('GET', url, { cookie });
      expect(response.body).not.toContain(TEEN_BIRTHDAY);
    }
  });
});
