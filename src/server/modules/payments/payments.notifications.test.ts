import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Dispute } from '../../../contract/payments';
import { notifications } from '../../db/schema';
import { sweep } from '../../sweeper';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { HOUR, usePaymentsApi } from './payments.test-helpers';

describe.each(databaseKinds())('payments API on %s', (kind) => {
  const w = usePaymentsApi(kind);
  const { call, release, dispute, resolve } = w;

  describe('notifications', () => {
    const noticesOf = async (jobId: string) =>
      (await w.t.database.db.select().from(notifications).where(eq(notifications.jobId, jobId))).map((n): [string, string] => [n.userId, n.kind]).sort();

    it('tells the teen and the homeowner about a release, each side once, and not the one who acted', async () => {
      const job = await jobAt(w.t, w.cast, 'verified');
      const before = await noticesOf(job.id);
      await release(job.id);
      const added = (await noticesOf(job.id)).filter((n) => !before.some((b) => b[0] === n[0] && b[1] === n[1]));
      expect(added).toEqual([[w.ids.teen, 'payment_received']]);
      const auto = await jobAt(w.t, w.cast, 'verified');
      w.t.clock.advance(48 * HOUR);
      await sweep(w.t.ctx);
      expect((await noticesOf(auto.id)).filter(([, kind]) => kind.startsWith('payment_'))).toEqual(
        [[w.ids.homeowner, 'payment_released'], [w.ids.teen, 'payment_received']].sort(),
      );
    });

    it('tells the teen and the area coordinator about a dispute, and both sides about its resolution', async () => {
      const job = await jobAt(w.t, w.cast, 'completed');
      const opened: Dispute = (await dispute(job.id)).json();
      const coordinatorId = (await call('GET', '/api/auth/me', w.cast.coordinator)).json().id;
      expect((await noticesOf(job.id)).filter(([, kind]) => kind.startsWith('dispute'))).toEqual([[w.ids.teen, 'dispute_opened'], [coordinatorId, 'dispute_opened']].sort());
      await resolve(opened.id, { outcome: 'refund' });
      const resolved = (await noticesOf(job.id)).filter(([, kind]) => kind === 'dispute_resolved' || kind === 'payment_refunded');
      expect(resolved).toEqual([[w.ids.teen, 'dispute_resolved'], [w.ids.homeowner, 'payment_refunded']].sort());
    });
  });
});
