import { describe, expect, it } from 'vitest';
import { DisputeSchema } from '../../../contract/payments';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { signInAs } from '../../test/test-app';
import { usePaymentsApi } from './payments.test-helpers';

describe.each(databaseKinds())("the teen's side of a dispute on %s", (kind) => {
  const w = usePaymentsApi(kind);
  const { call, dispute, resolve } = w;
  const statement = (disputeId: string, body: unknown, cookie: string | undefined) => call('POST', `/api/disputes/${disputeId}/statement`, cookie, body);
  const openOne = async () => {
    const job = await jobAt(w.t, w.cast, 'completed');
    const opened = await dispute(job.id);
    expect(opened.statusCode, opened.body).toBe(201);
    return DisputeSchema.parse(opened.json());
  };

  it("takes the job's teen's side once, which the coordinator then reads beside the homeowner's", async () => {
    const opened = await openOne();
    expect(opened.teenStatement).toBeNull();
    const given = await statement(opened.id, { statement: '  The back half was under snow that day.  ' }, w.cast.teen);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ id: opened.id, reason: 'The back half was not raked.', teenStatement: 'The back half was under snow that day.' });
    const again = await statement(opened.id, { statement: 'Changed my mind.' }, w.cast.teen);
    expect(again.statusCode).toBe(409);
    const seen = (await call('GET', '/api/disputes?status=open', w.cast.coordinator)).json().disputes.find((d: { id: string }) => d.id === opened.id);
    expect(seen).toMatchObject({ reason: 'The back half was not raked.', teenStatement: 'The back half was under snow that day.' });
  });

  it('writes one side when the teen sends two at once', async () => {
    const opened = await openOne();
    const answers = await Promise.all(['First.', 'Second.'].map((text) => statement(opened.id, { statement: text }, w.cast.teen)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const kept = answers.find((a) => a.statusCode === 200)?.json().teenStatement;
    const seen = (await call('GET', '/api/disputes', w.cast.teen)).json().disputes.find((d: { id: string }) => d.id === opened.id);
    expect(seen.teenStatement).toBe(kept);
  });

  it('refuses anyone but the job\'s teen, a resolved dispute and an empty or overlong side', async () => {
    const opened = await openOne();
    const otherTeen = await signInAs(w.t, 'teen', { consent: 'approved' });
    expect((await statement(opened.id, { statement: 'Not mine.' }, otherTeen.cookie)).statusCode).toBe(404);
    for (const cookie of [w.cast.homeowner, w.cast.coordinator, w.admin]) expect((await statement(opened.id, { statement: 'x' }, cookie)).statusCode).toBe(403);
    expect((await statement(opened.id, { statement: 'x' }, undefined)).statusCode).toBe(401);
    for (const [body, message] of [
      [{}, 'Tell the coordinator your side'],
      [{ statement: '   ' }, 'Tell the coordinator your side'],
      [{ statement: 'x'.repeat(1001) }, 'Your side must be at most 1000 characters'],
    ] as const) {
      const refused = await statement(opened.id, body, w.cast.teen);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ statement: message });
    }
    expect((await resolve(opened.id, { outcome: 'pay' })).statusCode).toBe(200);
    expect((await statement(opened.id, { statement: 'Too late.' }, w.cast.teen)).statusCode).toBe(409);
  });
});
