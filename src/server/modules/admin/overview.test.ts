import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AdminOverviewSchema, type AdminOverview } from '../../../contract/admin';
import { outboxEmails, users } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { NOON_BOSTON, useAdminApi } from './admin.test-support';

// Its own app: the money is the ledger's sums, so no other test's jobs may be in it.
describe.each(databaseKinds())('the admin overview on %s', (kind) => {
  const api = useAdminApi(kind);
  const { call } = api;
  const overview = async (): Promise<AdminOverview> => {
    const response = await call('GET', '/api/admin/overview', api.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return AdminOverviewSchema.parse(response.json());
  };
  const act = async (jobId: string, path: string, cookie: string, body: unknown = {}) => {
    const response = await call('POST', `/api/jobs/${jobId}/${path}`, cookie, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };

  it("sums the ledger's money this month, in the service's time zone, and in total; counts jobs and disputes", async () => {
    // May: a job held and refunded, and one held at 11 PM on 31 May in Boston (3 AM on 1 June UTC), still in escrow.
    api.t.clock.set(new Date('2026-05-20T16:00:00Z'));
    await act((await api.jobAt('posted')).id, 'cancel', api.homeowner.cookie);
    api.t.clock.set(new Date('2026-06-01T03:00:00Z'));
    await api.jobAt('posted');
    // June: one paid ($36.00 to the teen, $4.00 fee), one cancelled, one disputed and settled in part.
    api.t.clock.set(NOON_BOSTON);
    await act((await api.jobAt('verified')).id, 'release-payment', api.homeowner.cookie);
    await act((await api.jobAt('posted')).id, 'cancel', api.homeowner.cookie);
    const disputed = await api.jobAt('completed');
    const dispute = await act(disputed.id, 'dispute', api.homeowner.cookie, { reason: 'Half done.' });
    expect((await overview()).openDisputes).toBe(1);
    const resolved = await call('POST', `/api/disputes/${dispute.id}/resolve`, api.admin.cookie, { outcome: 'partial', teenAmount: '20.00' });
    expect(resolved.statusCode, resolved.body).toBe(200);

    const now = await overview();
    expect(now.money).toEqual({
      inEscrow: '40.00',
      // $20.00 of the disputed $40.00 released ($18.00 to the teen, $2.00 fee), $20.00 refunded.
      thisMonth: { held: '120.00', released: '54.00', refunded: '60.00', fees: '6.00' },
      total: { held: '200.00', released: '54.00', refunded: '100.00', fees: '6.00' },
    });
    expect(now.jobsByStatus).toEqual({
      posted: 1,
      locked: 0,
      accepted: 0,
      in_progress: 0,
      completed: 0,
      verified: 0,
      paid: 2,
      cancelled: 2,
      disputed: 0,
      refunded: 0,
    });
    expect(now.openDisputes).toBe(0);
  });

  it('counts people by role and status, pending consents and the outbox by status with its oldest waiting message', async () => {
    const before = await overview();
    const teen = await signInAs(api.t, 'teen');
    await api.t.database.db.update(users).set({ parentalConsentStatus: 'pending' }).where(eq(users.id, teen.user.id));
    expect((await call('POST', `/api/admin/users/${teen.user.id}/suspend`, api.admin.cookie, { reason: 'Test' })).statusCode).toBe(200);
    const queuedAt = new Date('2026-06-14T10:00:00Z');
    await api.t.database.db.insert(outboxEmails).values([
      // Due in a year: the mailer leaves it waiting.
      { toAddress: 'a@example.com', subject: 'Waiting', textBody: 'x', status: 'pending', createdAt: queuedAt, nextAttemptAt: new Date('2027-06-14T10:00:00Z') },
      { toAddress: 'b@example.com', subject: 'Gave up', textBody: 'x', status: 'failed', attempts: 8, lastError: 'refused' },
    ]);
    const after = await overview();
    expect(after.usersByRole.teen).toBe(before.usersByRole.teen + 1);
    expect(after.suspendedUsers).toBe(before.suspendedUsers + 1);
    expect(after.pendingConsents).toBe(before.pendingConsents + 1);
    expect(after.mail.byStatus.pending).toBe(before.mail.byStatus.pending + 1);
    expect(after.mail.byStatus.failed).toBe(before.mail.byStatus.failed + 1);
    expect(after.mail.oldestPendingAt).toBe(queuedAt.toISOString());
    expect(after.emailDelivery).toBe('outbox');
    expect(after.recentEmails.map((e) => e.subject)).toContain('Gave up');
  });

  it('refuses anyone but an admin and a bad number of emails', async () => {
    for (const { cookie, status } of api.nonAdmins()) expect((await call('GET', '/api/admin/overview', cookie)).statusCode).toBe(status);
    const response = await call('GET', '/api/admin/overview?emails=0', api.admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['emails']);
  });
});
