import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuditLogSchema, type AuditEntry } from '../../../contract/admin';
import { adminAuditLog } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { NOON_BOSTON, UNKNOWN_ID, useAdminApi } from './admin.test-support';
import { AUDIT_PAGE_SIZE, recordAdminAction } from './audit-log';

describe.each(databaseKinds())('the admin audit log on %s', (kind) => {
  const api = useAdminApi(kind);
  const { call } = api;
  /** The database's own message: drizzle wraps it as the cause of 'Failed query'. */
  const failure = async (work: Promise<unknown>): Promise<string> =>
    work.then(
      () => 'no error',
      (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`,
    );
  const entriesOn = async (targetId: string): Promise<AuditEntry[]> => {
    const response = await call('GET', `/api/admin/audit-log?target=${targetId}`, api.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return AuditLogSchema.parse(response.json()).entries;
  };

  it('refuses to update, delete or truncate a record, whoever connects', async () => {
    const db = api.t.database.db;
    await recordAdminAction(db, { actorId: api.admin.user.id, at: NOON_BOSTON, target: { type: 'user', id: api.teen.user.id }, action: 'user.suspend', changes: { reason: 'test' } });
    expect(await failure(db.execute(sql`update admin_audit_log set action = 'user.reactivate'`))).toMatch(/append-only: UPDATE on admin_audit_log/);
    expect(await failure(db.execute(sql`delete from admin_audit_log`))).toMatch(/append-only: DELETE on admin_audit_log/);
    expect(await failure(db.execute(sql`truncate admin_audit_log`))).toMatch(/append-only: TRUNCATE on admin_audit_log/);
    // Nor can the actor's account be deleted from under its record.
    expect(await failure(db.execute(sql`delete from users where id = ${api.admin.user.id}`))).toMatch(/admin_audit_log_actor_id_users_id_fk/);
    const rows = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, api.teen.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'user.suspend', changes: { reason: 'test' } });
  });

  it("records an admin's verify of completed work in its transaction, and not a coordinator's", async () => {
    const byAdmin = await api.jobAt('completed');
    api.t.clock.set(new Date(NOON_BOSTON.getTime() + 60_000));
    const verified = await call('POST', `/api/jobs/${byAdmin.id}/verify`, api.admin.cookie, {});
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await entriesOn(byAdmin.id)).toEqual([
      {
        id: expect.any(String),
        at: new Date(NOON_BOSTON.getTime() + 60_000).toISOString(),
        actor: { id: api.admin.user.id, fullName: expect.stringMatching(/^Test/) },
        targetType: 'job',
        targetId: byAdmin.id,
        action: 'job.verify',
        changes: { status: { from: 'completed', to: 'verified' } },
      },
    ]);
    // A refused verify changes nothing, so records nothing.
    expect((await call('POST', `/api/jobs/${byAdmin.id}/verify`, api.admin.cookie, {})).statusCode).toBe(409);
    expect(await entriesOn(byAdmin.id)).toHaveLength(1);
    const byCoordinator = await api.jobAt('verified');
    expect(await entriesOn(byCoordinator.id)).toEqual([]);
  });

  it("records an admin's cancel and an admin's dispute resolution with its outcome", async () => {
    const posted = await api.jobAt('posted');
    expect((await call('POST', `/api/jobs/${posted.id}/cancel`, api.admin.cookie, {})).statusCode).toBe(200);
    expect((await entriesOn(posted.id)).map((e) => [e.action, e.changes])).toEqual([['job.cancel', { status: { from: 'posted', to: 'cancelled' } }]]);

    const done = await api.jobAt('completed');
    const opened = await call('POST', `/api/jobs/${done.id}/dispute`, api.homeowner.cookie, { reason: 'The back half was not raked.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const disputeId: string = opened.json().id;
    const resolved = await call('POST', `/api/disputes/${disputeId}/resolve`, api.admin.cookie, { outcome: 'partial', teenAmount: '10.00' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await entriesOn(disputeId)).toEqual([
      expect.objectContaining({
        targetType: 'dispute',
        action: 'dispute.resolve',
        changes: { status: { from: 'open', to: 'resolved' }, outcome: 'partial', teenAmount: '10.00', jobId: done.id },
      }),
    ]);
    // The job's award is the dispute's act: no second record on the job.
    expect(await entriesOn(done.id)).toEqual([]);
  });

  it("records an admin's test email with whom it went to and its subject, not its message", async () => {
    const sent = await call('POST', '/api/test/send-email', api.admin.cookie, { to: 'ops@example.com', subject: 'Hello', message: 'A private note' });
    expect(sent.statusCode, sent.body).toBe(202);
    const [entry] = await entriesOn(sent.json().id);
    expect(entry).toMatchObject({ targetType: 'email', action: 'email.test', changes: { to: 'ops@example.com', subject: 'Hello' } });
    expect(JSON.stringify(entry)).not.toContain('A private note');
  });

  it('lists newest first, filtered by actor, target and action, a page at a time', async () => {
    const other = await signInAs(api.t, 'admin');
    const target = (await signInAs(api.t, 'teen')).user.id;
    const db = api.t.database.db;
    const start = Date.UTC(2026, 6, 1);
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await recordAdminAction(db, {
        actorId: i % 2 ? other.user.id : api.admin.user.id,
        at: new Date(start + i * 1000),
        target: { type: 'user', id: target },
        action: i % 3 ? 'user.suspend' : 'user.reactivate',
        changes: { n: i },
      });
    }
    const first = AuditLogSchema.parse((await call('GET', `/api/admin/audit-log?target=${target}`, api.admin.cookie)).json());
    expect(first.entries.map((e) => e.changes.n)).toEqual(Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => AUDIT_PAGE_SIZE + 4 - i));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = AuditLogSchema.parse((await call('GET', `/api/admin/audit-log?target=${target}&cursor=${first.nextCursor}`, api.admin.cookie)).json());
    expect(second.entries.map((e) => e.changes.n)).toEqual([4, 3, 2, 1, 0]);
    expect(second.nextCursor).toBeNull();

    const byOther = AuditLogSchema.parse((await call('GET', `/api/admin/audit-log?actor=${other.user.id}&action=user.reactivate`, api.admin.cookie)).json());
    expect(byOther.entries.map((e) => e.changes.n)).toEqual([51, 45, 39, 33, 27, 21, 15, 9, 3]);
    expect(byOther.entries.every((e) => e.actor.id === other.user.id && e.action === 'user.reactivate')).toBe(true);
    const nobody = await call('GET', `/api/admin/audit-log?actor=${UNKNOWN_ID}`, api.admin.cookie);
    expect(nobody.json()).toEqual({ entries: [], nextCursor: null });
  });

  it('refuses anyone but an admin, and names the field of a bad filter', async () => {
    for (const { cookie, status } of api.nonAdmins()) expect((await call('GET', '/api/admin/audit-log', cookie)).statusCode).toBe(status);
    for (const [query, field] of [
      ['actor=not-a-user', 'actor'],
      ['action=user.delete', 'action'],
      ['cursor=bogus', 'cursor'],
      [`target=${'x'.repeat(65)}`, 'target'],
    ] as const) {
      const response = await call('GET', `/api/admin/audit-log?${query}`, api.admin.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), query).toEqual([field]);
    }
  });
});
