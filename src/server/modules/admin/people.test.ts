import { describe, expect, it } from 'vitest';
import { AdminUserDetailSchema, AdminUserListSchema } from '../../../contract/admin';
import type { Role } from '../../../contract/constants';
import { createAccount } from '../../db/seed';
import { databaseKinds } from '../../test/databases';
import { jobAt } from '../../test/job-flow';
import { signInAs } from '../../test/test-app';
import { UNKNOWN_ID, useAdminApi } from './admin.test-support';
import { PEOPLE_PAGE_SIZE } from './people';

describe.each(databaseKinds())('the admin people API on %s', (kind) => {
  const api = useAdminApi(kind);
  const { call } = api;
  const list = async (query: string) => {
    const response = await call('GET', `/api/admin/users?${query}`, api.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return AdminUserListSchema.parse(response.json());
  };
  /** An account made directly (no password to sign in with), created `minute` minutes into the day. */
  const person = (tag: string, role: Role, minute: number, extra: { dateOfBirth?: string } = {}) =>
    createAccount(
      api.t.database.db,
      { role, fullName: `Person ${tag}`, username: `u_${tag}`, email: `${tag}@people.example`, passwordHash: 'not-a-hash', zipCode: '02139', ...extra },
      new Date(Date.UTC(2026, 5, 1, 0, minute)),
    );

  it('finds people by any part of their name, email or username, every word, in any case', async () => {
    const maya = await person('mayaqz', 'teen', 1);
    await person('mayaqx', 'homeowner', 2);
    const names = async (query: string) => (await list(`query=${encodeURIComponent(query)}`)).users.map((u) => u.fullName);
    expect(await names('MAYAQ')).toEqual(['Person mayaqx', 'Person mayaqz']);
    expect(await names('mayaqz@people')).toEqual(['Person mayaqz']);
    expect(await names('u_mayaqx')).toEqual(['Person mayaqx']);
    expect(await names('person mayaqz')).toEqual(['Person mayaqz']);
    expect(await names('mayaq nobody')).toEqual([]);
    // A LIKE wildcard in the query is a plain character.
    expect(await names('maya%qz')).toEqual([]);
    expect((await list('query=mayaq&role=teen')).users).toEqual([
      { id: maya.id, fullName: 'Person mayaqz', username: 'u_mayaqz', email: 'mayaqz@people.example', role: 'teen', status: 'active', zipCode: '02139', parentalConsentStatus: 'none', createdAt: '2026-06-01T00:01:00.000Z' },
    ]);
    expect((await call('POST', `/api/admin/users/${maya.id}/suspend`, api.admin.cookie, { reason: 'Test' })).statusCode).toBe(200);
    expect((await list('query=mayaq&status=suspended')).users.map((u) => u.id)).toEqual([maya.id]);
    expect((await list('query=mayaq&status=active')).users.map((u) => u.fullName)).toEqual(['Person mayaqx']);
  });

  it('pages newest first by cursor, and never lists a date of birth', async () => {
    for (let i = 0; i < PEOPLE_PAGE_SIZE + 3; i++) await person(`pager${i}x`, 'teen', 100 + i, { dateOfBirth: '2010-04-0' + ((i % 9) + 1) });
    const first = await list('query=pager&role=teen');
    expect(first.users).toHaveLength(PEOPLE_PAGE_SIZE);
    expect(first.users[0]!.fullName).toBe(`Person pager${PEOPLE_PAGE_SIZE + 2}x`);
    const second = await list(`query=pager&role=teen&cursor=${first.nextCursor}`);
    expect(second.users.map((u) => u.fullName)).toEqual(['Person pager2x', 'Person pager1x', 'Person pager0x']);
    expect(second.nextCursor).toBeNull();
    const raw = (await call('GET', '/api/admin/users?query=pager', api.admin.cookie)).body;
    expect(raw).not.toMatch(/dateOfBirth|2010-04-0/);
  });

  it("opens a person: account, consent, area, jobs, payments and the admin acts on them, without the date of birth", async () => {
    const teen = await signInAs(api.t, 'teen', { consent: 'approved', dateOfBirth: '2009-02-03' });
    const job = await jobAt(api.t, { ...api.cast(), teen: teen.cookie }, 'verified');
    expect((await call('POST', `/api/jobs/${job.id}/release-payment`, api.homeowner.cookie, {})).statusCode).toBe(200);
    api.t.clock.advance(1000);
    expect((await call('POST', `/api/admin/users/${teen.user.id}/suspend`, api.admin.cookie, { reason: 'Checking' })).statusCode).toBe(200);
    const opened = await call('GET', `/api/admin/users/${teen.user.id}`, api.admin.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = AdminUserDetailSchema.parse(opened.json());
    expect(detail.user).toMatchObject({ id: teen.user.id, role: 'teen', status: 'suspended', zipCode: '02139', parentalConsentStatus: 'approved' });
    expect(detail.coordinatorZipCodes).toEqual([]);
    expect(detail.jobs).toEqual([{ id: job.id, title: job.title, status: 'paid', payAmount: '40.00', zipCode: '02139', as: 'teen', createdAt: job.createdAt }]);
    expect(detail.payments).toEqual([{ jobId: job.id, jobTitle: job.title, movement: 'release', account: 'teen_wallet', amount: '36.00', at: expect.any(String) }]);
    expect(detail.actions.map((a) => [a.action, a.changes.reason])).toEqual([['user.suspend', 'Checking']]);
    expect(opened.body).not.toMatch(/dateOfBirth|2009-02-03/);

    const homeowner = AdminUserDetailSchema.parse((await call('GET', `/api/admin/users/${api.homeowner.user.id}`, api.admin.cookie)).json());
    expect(homeowner.user.parentalConsentStatus).toBeNull();
    expect(homeowner.jobs.find((j) => j.id === job.id)).toMatchObject({ as: 'homeowner' });
    expect(homeowner.payments.filter((p) => p.jobId === job.id)).toEqual([expect.objectContaining({ movement: 'hold', account: 'funding', amount: '-40.00' })]);
    const coordinator = AdminUserDetailSchema.parse((await call('GET', `/api/admin/users/${api.coordinator.user.id}`, api.admin.cookie)).json());
    expect(coordinator.coordinatorZipCodes).toEqual(['02139']);
  });

  it('refuses anyone but an admin, an unknown person, and names the field of bad input', async () => {
    for (const { cookie, status } of api.nonAdmins()) {
      expect((await call('GET', '/api/admin/users', cookie)).statusCode).toBe(status);
      expect((await call('GET', `/api/admin/users/${api.teen.user.id}`, cookie)).statusCode).toBe(status);
    }
    expect((await call('GET', `/api/admin/users/${UNKNOWN_ID}`, api.admin.cookie)).statusCode).toBe(404);
    for (const [query, field] of [
      ['role=parent', 'role'],
      ['status=banned', 'status'],
      [`query=${'x'.repeat(101)}`, 'query'],
      ['cursor=nope', 'cursor'],
    ] as const) {
      const response = await call('GET', `/api/admin/users?${query}`, api.admin.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), query).toEqual([field]);
    }
    const badId = await call('GET', '/api/admin/users/not-an-id', api.admin.cookie);
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().fields)).toEqual(['id']);
  });
});
