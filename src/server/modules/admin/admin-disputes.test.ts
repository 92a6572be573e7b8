import { describe, expect, it } from 'vitest';
import { AdminDisputeListSchema } from '../../../contract/admin';
import { databaseKinds } from '../../test/databases';
import { useAdminApi } from './admin.test-support';

describe.each(databaseKinds())('the admin disputes screen on %s', (kind) => {
  const api = useAdminApi(kind);
  const { call } = api;
  const disputes = async (query = '') => {
    const response = await call('GET', `/api/admin/disputes${query}`, api.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return AdminDisputeListSchema.parse(response.json()).disputes;
  };

  it("shows each open dispute with both sides' statements, both parties and the job's history, until it is resolved", async () => {
    // Walked a second apart: the history is ordered by time.
    const job = await api.jobAt('posted');
    for (const [path, cookie] of [['accept', api.teen.cookie], ['accept', api.teen.cookie], ['start', api.teen.cookie], ['complete', api.teen.cookie]] as const) {
      api.t.clock.advance(1000);
      expect((await call('POST', `/api/jobs/${job.id}/${path}`, cookie, {})).statusCode).toBe(200);
    }
    api.t.clock.advance(1000);
    const opened = await call('POST', `/api/jobs/${job.id}/dispute`, api.homeowner.cookie, { reason: 'The back half was not raked.' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect((await call('POST', `/api/disputes/${opened.json().id}/statement`, api.teen.cookie, { statement: 'It snowed on the back half.' })).statusCode).toBe(200);
    const [shown] = (await disputes()).filter((d) => d.dispute.jobId === job.id);
    expect(shown).toMatchObject({
      dispute: { id: opened.json().id, reason: 'The back half was not raked.', teenStatement: 'It snowed on the back half.', status: 'open', jobStatus: 'disputed', payAmount: '40.00' },
      homeowner: { id: api.homeowner.user.id, fullName: expect.stringMatching(/^Test homeowner/) },
      teen: { id: api.teen.user.id, fullName: expect.stringMatching(/^Test/) },
    });
    expect(shown?.history.map((e) => [e.transition, e.toStatus, e.actorRole])).toEqual([
      ['post', 'posted', 'homeowner'],
      ['lock', 'locked', 'teen'],
      ['finalize', 'accepted', 'teen'],
      ['start', 'in_progress', 'teen'],
      ['complete', 'completed', 'teen'],
      ['dispute', 'disputed', 'homeowner'],
    ]);
    // Settled from the same screen through the disputes' own resolution.
    api.t.clock.advance(1000);
    const resolved = await call('POST', `/api/disputes/${opened.json().id}/resolve`, api.admin.cookie, { outcome: 'refund' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await disputes()).some((d) => d.dispute.jobId === job.id)).toBe(false);
    const [settled] = (await disputes('?status=resolved')).filter((d) => d.dispute.jobId === job.id);
    expect(settled).toMatchObject({ dispute: { status: 'resolved', outcome: 'refund', jobStatus: 'refunded' } });
    expect(settled?.history.at(-1)).toMatchObject({ transition: 'refund', toStatus: 'refunded', actorRole: 'admin' });
  });

  it('refuses anyone but an admin, and names a bad status', async () => {
    for (const { cookie, status } of api.nonAdmins()) expect((await call('GET', '/api/admin/disputes', cookie)).statusCode).toBe(status);
    const response = await call('GET', '/api/admin/disputes?status=closed', api.admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['status']);
  });
});
