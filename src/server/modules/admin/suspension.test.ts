import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AdminUserSummarySchema, AuditLogSchema } from '../../../contract/admin';
import { jobEvents, jobs, ledgerEntries, users } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { openEventStream } from '../../test/sse-client';
import { sessionCookieOf, signInAs, TEST_PASSWORD } from '../../test/test-app';
import { createSession, findSessionUser } from '../auth/sessions';
import { UNKNOWN_ID, useAdminApi } from './admin.test-support';
import { suspendUser } from './suspension';

describe.each(databaseKinds())('suspending and reactivating an account on %s', (kind) => {
  const api = useAdminApi(kind);
  const { call } = api;
  const suspend = (id: string, body: unknown = { reason: 'Repeated no-shows' }, cookie = api.admin.cookie) => call('POST', `/api/admin/users/${id}/suspend`, cookie, body);
  const reactivate = (id: string, cookie = api.admin.cookie) => call('POST', `/api/admin/users/${id}/reactivate`, cookie, {});
  const actionsOn = async (id: string) => AuditLogSchema.parse((await call('GET', `/api/admin/audit-log?target=${id}`, api.admin.cookie)).json()).entries;
  const signIn = (email: string, password = TEST_PASSWORD) => call('POST', '/api/auth/login', undefined, { email, password });

  it("ends a teen's live session and stream at once, releases their lock through the job machine, and keeps every job and ledger row", async () => {
    const teen = await signInAs(api.t, 'teen', { consent: 'approved' });
    const accepted = await jobAt(api.t, { ...api.cast(), teen: teen.cookie }, 'accepted');
    const locked = await jobAt(api.t, { ...api.cast(), teen: teen.cookie }, 'posted');
    expect((await call('POST', `/api/jobs/${locked.id}/accept`, teen.cookie, {})).json()).toMatchObject({ status: 'locked' });
    const db = api.t.database.db;
    const ledgerOf = () => db.select().from(ledgerEntries).where(inArray(ledgerEntries.jobId, [accepted.id, locked.id])).orderBy(ledgerEntries.id);
    const ledgerBefore = await ledgerOf();
    expect((await call('GET', '/api/auth/me', teen.cookie)).statusCode).toBe(200);
    const url = await api.t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(url, teen.cookie);
    try {
      await stream.next('ready');
      const suspended = await suspend(teen.user.id);
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(AdminUserSummarySchema.parse(suspended.json())).toMatchObject({ id: teen.user.id, role: 'teen', status: 'suspended', parentalConsentStatus: 'approved' });
      expect((await call('GET', '/api/auth/me', teen.cookie)).statusCode).toBe(401);
      expect((await call('POST', `/api/jobs/${accepted.id}/start`, teen.cookie, {})).statusCode).toBe(401);
      await stream.until(() => stream.ended, "the suspended teen's stream to end", 2_000);
    } finally {
      await stream.close();
    }
    expect(await db.select({ status: jobs.status, teenId: jobs.teenId }).from(jobs).where(eq(jobs.id, locked.id))).toEqual([{ status: 'posted', teenId: null }]);
    const [release] = await db.select().from(jobEvents).where(eq(jobEvents.jobId, locked.id)).orderBy(desc(jobEvents.createdAt), desc(jobEvents.transition)).limit(1);
    expect(release).toMatchObject({ transition: 'release', fromStatus: 'locked', toStatus: 'posted', actorRole: 'system', actorId: null });
    // The accepted job and every ledger row stay as they were.
    expect(await db.select({ status: jobs.status, teenId: jobs.teenId }).from(jobs).where(eq(jobs.id, accepted.id))).toEqual([{ status: 'accepted', teenId: teen.user.id }]);
    expect(await ledgerOf()).toEqual(ledgerBefore);
    expect(await actionsOn(teen.user.id)).toEqual([
      expect.objectContaining({
        action: 'user.suspend',
        actor: expect.objectContaining({ id: api.admin.user.id }),
        changes: { status: { from: 'active', to: 'suspended' }, reason: 'Repeated no-shows', releasedLockOnJob: locked.id },
      }),
    ]);
    // The released job is open to other teens at once.
    expect((await call('POST', `/api/jobs/${locked.id}/accept`, api.teen.cookie, {})).json()).toMatchObject({ status: 'locked' });
    expect((await call('POST', `/api/jobs/${locked.id}/release-lock`, api.teen.cookie, {})).statusCode).toBe(200);
  });

  it("refuses a suspended person's sign-in with the spec's words after the right password only, until they are reactivated", async () => {
    const homeowner = await signInAs(api.t, 'homeowner');
    expect((await suspend(homeowner.user.id)).statusCode).toBe(200);
    const refused = await signIn(homeowner.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'ACCOUNT_SUSPENDED', message: 'This account is suspended. Contact support.' });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await signIn(homeowner.email, 'not-the-password')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // A session made by a sign-in that raced the suspension is worth nothing.
    const raced = await createSession(api.t.database.db, homeowner.user.id, api.t.clock.now());
    expect(await findSessionUser(api.t.database.db, raced, api.t.clock.now())).toBeNull();

    api.t.clock.advance(1000);
    const back = await reactivate(homeowner.user.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'active', parentalConsentStatus: null });
    const signedIn = await signIn(homeowner.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await call('GET', '/api/auth/me', sessionCookieOf(signedIn))).statusCode).toBe(200);
    expect((await actionsOn(homeowner.user.id)).map((e) => [e.action, e.changes.status])).toEqual([
      ['user.reactivate', { from: 'suspended', to: 'active' }],
      ['user.suspend', { from: 'active', to: 'suspended' }],
    ]);
  });

  it('suspends and reactivates once however often it is asked', async () => {
    const teen = await signInAs(api.t, 'teen');
    for (let i = 0; i < 2; i++) expect((await suspend(teen.user.id, { reason: `Attempt ${i}` })).json()).toMatchObject({ status: 'suspended' });
    api.t.clock.advance(1000);
    for (let i = 0; i < 2; i++) expect((await reactivate(teen.user.id)).json()).toMatchObject({ status: 'active' });
    expect((await actionsOn(teen.user.id)).map((e) => [e.action, e.changes.reason])).toEqual([
      ['user.reactivate', undefined],
      ['user.suspend', 'Attempt 0'],
    ]);
    const concurrent = await signInAs(api.t, 'teen');
    const answers = await Promise.all(Array.from({ length: 5 }, () => suspend(concurrent.user.id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await actionsOn(concurrent.user.id)).toHaveLength(1);
  });

  it('lets no admin suspend themself or the last active admin, even when two suspend each other at once', async () => {
    const self = await suspend(api.admin.user.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot suspend your own account.');
    const db = api.t.database.db;
    const first = await signInAs(api.t, 'admin');
    const second = await signInAs(api.t, 'admin');
    const activeAdmins = async () => (await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')))).map((r) => r.id);
    // The first suspends every other admin; then the first and the second reach for each other at once.
    const others = (await activeAdmins()).filter((id) => id !== first.user.id && id !== second.user.id);
    for (const id of others) expect((await suspend(id, undefined, first.cookie)).statusCode).toBe(200);
    const [bySecond, byFirst] = await Promise.all([suspend(first.user.id, undefined, second.cookie), suspend(second.user.id, undefined, first.cookie)]);
    const [survivor, loser, refused] = byFirst.statusCode === 200 ? [first, second, bySecond] : [second, first, byFirst];
    expect([bySecond.statusCode, byFirst.statusCode]).toContain(200);
    // The loser's request was refused as the last admin's suspension, or its session was already gone.
    expect([401, 409]).toContain(refused.statusCode);
    expect(await activeAdmins()).toEqual([survivor.user.id]);
    // An admin whose own suspension their request has not yet seen cannot suspend the last one either.
    const { passwordHash: _hash, ...stale } = (await db.select().from(users).where(eq(users.id, loser.user.id)))[0]!;
    await expect(suspendUser(api.t.ctx, stale, survivor.user.id, 'stale')).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/last active admin/) });
    for (const id of [...others, loser.user.id]) expect((await reactivate(id, survivor.cookie)).statusCode).toBe(200);
    expect((await activeAdmins()).sort()).toEqual([...others, first.user.id, second.user.id].sort());
    // The file's own admin was among the suspended: their session ended with it.
    api.admin.cookie = sessionCookieOf(await signIn(api.admin.email));
  });

  it('refuses anyone but an admin, an unknown account, and names the field of bad input', async () => {
    const teen = await signInAs(api.t, 'teen');
    for (const { cookie, status } of api.nonAdmins()) {
      // Signed out is an undefined cookie: called directly, not through the helpers' admin default.
      expect((await call('POST', `/api/admin/users/${teen.user.id}/suspend`, cookie, { reason: 'No' })).statusCode).toBe(status);
      expect((await call('POST', `/api/admin/users/${teen.user.id}/reactivate`, cookie, {})).statusCode).toBe(status);
    }
    expect((await suspend(UNKNOWN_ID)).statusCode).toBe(404);
    expect((await reactivate(UNKNOWN_ID)).statusCode).toBe(404);
    for (const [body, message] of [
      [{}, 'A reason is required'],
      [{ reason: '   ' }, 'A reason is required'],
      [{ reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters long'],
      [{ reason: 42 }, 'A reason is required'],
    ] as const) {
      const response = await suspend(teen.user.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields).toEqual({ reason: message });
    }
    const badId = await suspend('not-a-user');
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().fields)).toEqual(['id']);
    expect((await call('GET', '/api/auth/me', teen.cookie)).statusCode).toBe(200);
  });
});
