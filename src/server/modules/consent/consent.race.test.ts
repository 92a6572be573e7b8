import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TeenConsent } from '../../../contract/consent';
import { outboxEmails, parentalConsentEvents } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { parentDetails, useConsentApi } from './consent.test-helpers';

// Issue 20: bursts get no more through than the same requests one by one. These prove something on
// PostgreSQL (TEST_DATABASE_URL): PGlite runs one connection at a time.
describe.each(databaseKinds())('consent under bursts on %s', (kind) => {
  const w = useConsentApi(kind);
  const { call, send } = w;

  const mailsTo = (addresses: string[]) => w.t.database.db.select().from(outboxEmails).where(inArray(outboxEmails.toAddress, addresses));

  it('lets exactly 3 of 12 concurrent sends from one teen through; the other 9 are 429 and mail nothing', async () => {
    const teen = await signInAs(w.t, 'teen');
    const sends = Array.from({ length: 12 }, () => parentDetails());
    const answers = await Promise.all(sends.map((details) => call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: details })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(await mailsTo(sends.map((d) => d.parentEmail))).toHaveLength(3);
  });

  /** A teen whose first parent declined, and their request to another address, held. */
  async function heldRequest() {
    const teen = await signInAs(w.t, 'teen');
    const { token } = await send(teen);
    expect((await call('POST', `/api/parental-consent/${token}/decline`)).statusCode).toBe(200);
    w.t.clock.advance(1000);
    const details = parentDetails();
    const held = await call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: details });
    expect(held.json<{ consent: TeenConsent }>().consent.request).toMatchObject({ status: 'held' });
    return { id: held.json<{ consent: TeenConsent }>().consent.request!.id, details };
  }

  it('approves a held request once when the coordinator and admins approve it at the same time: one 200, one email', async () => {
    const { id, details } = await heldRequest();
    const coordinator = await signInAs(w.t, 'coordinator');
    const approvers = [coordinator, w.admin, coordinator, w.admin, coordinator, w.admin, coordinator, w.admin];
    const answers = await Promise.all(approvers.map((person) => call('POST', `/api/parental-consent/held/${id}/approve`, { cookie: person.cookie })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await mailsTo([details.parentEmail])).toHaveLength(1);
    const releases = await w.t.database.db.select().from(parentalConsentEvents).where(eq(parentalConsentEvents.consentId, id));
    expect(releases.filter((e) => e.action === 'release')).toHaveLength(1);
  });

  it('lets one of an approval and a refusal racing win, and mails only if the approval won', async () => {
    const { id, details } = await heldRequest();
    const [approve, refuse] = await Promise.all(
      (['approve', 'refuse'] as const).map((answer) => call('POST', `/api/parental-consent/held/${id}/${answer}`, { cookie: w.admin.cookie })),
    );
    expect([approve!.statusCode, refuse!.statusCode].sort()).toEqual([200, 409]);
    expect(await mailsTo([details.parentEmail])).toHaveLength(approve!.statusCode === 200 ? 1 : 0);
  });
});
