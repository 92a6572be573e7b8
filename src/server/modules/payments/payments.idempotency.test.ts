import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { usePaymentsApi } from './payments.test-helpers';

describe.each(databaseKinds())('payments API on %s', (kind) => {
  const w = usePaymentsApi(kind);
  const { call, release, movementsOf } = w;

  describe('Idempotency-Key', () => {
    it('gives a retried release the first answer and moves the money once', async () => {
      const job = await jobAt(w.t, w.cast, 'verified');
      const first = await release(job.id, w.cast.homeowner, `release-${job.id}`);
      const retry = await release(job.id, w.cast.homeowner, `release-${job.id}`);
      expect(first.statusCode).toBe(200);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await movementsOf(job.id)).toHaveLength(5);
    });

    it('replays a refusal too, and refuses a key reused for another request', async () => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const key = `early-${job.id}`;
      expect((await release(job.id, w.cast.homeowner, key)).statusCode).toBe(409);
      await call('POST', `/api/jobs/${job.id}/verify`, w.cast.coordinator, {});
      const retry = await release(job.id, w.cast.homeowner, key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().code).toBe('INVALID_TRANSITION');
      const other = await jobAt(w.t, w.cast, 'verified');
      const reused = await release(other.id, w.cast.homeowner, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used for a different request.' });
      expect((await release(job.id, w.cast.homeowner, 'fresh-key')).statusCode).toBe(200);
    });

    it('keeps keys per user and refuses malformed keys', async () => {
      const job = await jobAt(w.t, w.cast, 'verified');
      expect((await release(job.id, w.otherHomeowner, `k-${job.id}`)).statusCode).toBe(404);
      expect((await release(job.id, w.cast.homeowner, `k-${job.id}`)).statusCode).toBe(200);
      const bad = await release(job.id, w.cast.homeowner, 'x'.repeat(201));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ 'idempotency-key': 'Idempotency-Key must be 1 to 200 visible ASCII characters' });
    });

    it('is accepted by cancel, dispute and resolve', async () => {
      const posted = await jobAt(w.t, w.cast, 'posted');
      const headers = { 'idempotency-key': `cancel-${posted.id}` };
      const a = await call('POST', `/api/jobs/${posted.id}/cancel`, w.cast.homeowner, {}, headers);
      const b = await call('POST', `/api/jobs/${posted.id}/cancel`, w.cast.homeowner, {}, headers);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await movementsOf(posted.id)).toHaveLength(4);

      const done = await jobAt(w.t, w.cast, 'completed');
      const openKey = { 'idempotency-key': `dispute-${done.id}` };
      const opened = await call('POST', `/api/jobs/${done.id}/dispute`, w.cast.homeowner, { reason: 'Not done' }, openKey);
      const reopened = await call('POST', `/api/jobs/${done.id}/dispute`, w.cast.homeowner, { reason: 'Not done' }, openKey);
      expect([opened.statusCode, reopened.statusCode]).toEqual([201, 201]);
      expect(reopened.json()).toEqual(opened.json());
      const resolveKey = { 'idempotency-key': `resolve-${done.id}` };
      const r1 = await call('POST', `/api/disputes/${opened.json().id}/resolve`, w.cast.coordinator, { outcome: 'refund' }, resolveKey);
      const r2 = await call('POST', `/api/disputes/${opened.json().id}/resolve`, w.cast.coordinator, { outcome: 'refund' }, resolveKey);
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      expect(await movementsOf(done.id)).toHaveLength(4);
    });
  });
});
