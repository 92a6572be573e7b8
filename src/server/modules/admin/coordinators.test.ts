import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuditLogSchema, CoordinatorListSchema, CoordinatorSchema, ServiceAreaListSchema } from '../../../contract/admin';
import { outboxEmails } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { newPerson } from '../../test/test-app';
import { UNKNOWN_ID, useAdminApi } from './admin.test-support';

describe.each(databaseKinds())('coordinators on %s', (kind) => {
  const api = useAdminApi(kind);
  const { call } = api;
  const create = (body: unknown, cookie: string | undefined) => call('POST', '/api/admin/coordinators', cookie, body);
  const patchAs = (cookie: string | undefined, id: string, body: unknown) =>
    api.t.app.inject({ method: 'PATCH', url: `/api/admin/coordinators/${id}`, headers: cookie ? { cookie } : {}, payload: body as object });
  const mailTo = async (email: string) => {
    const [mail] = await api.t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)).orderBy(desc(outboxEmails.createdAt));
    return mail;
  };
  const linkTokenOf = (text: string | undefined) => /\/reset-password\?token=([\w-]+)/.exec(text ?? '')?.[1];
  const choosePassword = (token: string | undefined, newPassword: string) => call('POST', '/api/auth/reset-password', undefined, { token, newPassword });
  const actionsOn = async (id: string) => AuditLogSchema.parse((await call('GET', `/api/admin/audit-log?target=${id}`, api.admin.cookie)).json()).entries;

  it('creates a coordinator who chooses their own password through a single-use emailed link', async () => {
    const created = await create({ fullName: 'Rosa Diaz', email: 'Rosa.Diaz@Example.com', zipCodes: ['02141', '02140', '02141'] }, api.admin.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const coordinator = CoordinatorSchema.parse(created.json());
    expect(coordinator).toMatchObject({ user: { fullName: 'Rosa Diaz', email: 'rosa.diaz@example.com', role: 'coordinator', status: 'active', zipCode: '02140' }, zipCodes: ['02140', '02141'] });
    const mail = await mailTo('rosa.diaz@example.com');
    expect(mail).toMatchObject({ subject: 'You are a Yardly coordinator' });
    expect(mail?.textBody).toMatch(/coordinator of ZIP codes 02140, 02141/);
    expect(mail?.textBody).toMatch(/within 3 days/);
    const token = linkTokenOf(mail?.textBody);
    expect(token).toBeDefined();
    // Not signed in until the password is chosen; the link then works once.
    expect((await call('POST', '/api/auth/login', undefined, { email: 'rosa.diaz@example.com', password: 'chosen-by-rosa-1' })).statusCode).toBe(401);
    api.t.clock.advance(2 * 24 * 3600_000);
    expect((await choosePassword(token, 'chosen-by-rosa-1')).statusCode).toBe(200);
    expect((await choosePassword(token, 'another-one-22')).json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    const signedIn = await call('POST', '/api/auth/login', undefined, { email: 'rosa.diaz@example.com', password: 'chosen-by-rosa-1' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ role: 'coordinator' });
    expect((await actionsOn(coordinator.user.id)).map((e) => [e.action, e.changes])).toEqual([
      ['coordinator.create', { fullName: 'Rosa Diaz', email: 'rosa.diaz@example.com', zipCodes: ['02140', '02141'] }],
    ]);
  });

  it("lets the link lapse after 3 days, and refuses a taken email or a ZIP code that is not a service area, naming the field", async () => {
    expect((await create({ fullName: 'Late Larry', email: 'larry@example.com', zipCodes: ['02138'] }, api.admin.cookie)).statusCode).toBe(201);
    const token = linkTokenOf((await mailTo('larry@example.com'))?.textBody);
    api.t.clock.advance(3 * 24 * 3600_000 + 1000);
    expect((await choosePassword(token, 'too-late-1')).json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });

    const taken = await create({ fullName: 'Second Larry', email: 'larry@example.com', zipCodes: ['02138'] }, api.admin.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: 'An account with this email already exists' });
    const nowhere = await create({ fullName: 'Nowhere Nan', email: 'nan@example.com', zipCodes: ['02138', '90210'] }, api.admin.cookie);
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().fields).toEqual({ zipCodes: 'Not a service area: 90210. Add it under Service areas first.' });
    expect(await mailTo('nan@example.com')).toBeUndefined();
  });

  it('creates one coordinator when two admins create the same email at once, with one record and one email', async () => {
    const answers = await Promise.all([1, 2].map((n) => create({ fullName: `Twin ${n}`, email: 'twin@example.com', zipCodes: ['02139'] }, api.admin.cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const created = CoordinatorSchema.parse(answers.find((a) => a.statusCode === 201)!.json());
    expect(await actionsOn(created.user.id)).toHaveLength(1);
    const mails = await api.t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'twin@example.com'));
    expect(mails).toHaveLength(1);
  });

  it("changes a coordinator's ZIP codes, once, and the area nobody coordinated is no longer flagged", async () => {
    const job = await call('POST', '/api/jobs', api.homeowner.cookie, validJob({ zipCode: '02142' }));
    expect(job.statusCode, job.body).toBe(201);
    const flagged = async () => ServiceAreaListSchema.parse((await call('GET', '/api/admin/service-areas', api.admin.cookie)).json()).areas.find((a) => a.zipCode === '02142')?.needsCoordinator;
    expect(await flagged()).toBe(true);
    const id = api.coordinator.user.id;
    const changed = await patchAs(api.admin.cookie, id, { zipCodes: ['02142', '02139'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ user: { id }, zipCodes: ['02139', '02142'] });
    expect(await flagged()).toBe(false);
    expect((await patchAs(api.admin.cookie, id, { zipCodes: ['02139', '02142'] })).statusCode).toBe(200);
    expect((await actionsOn(id)).map((e) => [e.action, e.changes])).toEqual([['coordinator.update', { zipCodes: { from: ['02139'], to: ['02139', '02142'] } }]]);
    expect((await patchAs(api.admin.cookie, api.teen.user.id, { zipCodes: ['02139'] })).statusCode).toBe(404);
    expect((await patchAs(api.admin.cookie, UNKNOWN_ID, { zipCodes: ['02139'] })).statusCode).toBe(404);
  });

  it('lists each coordinator with their area, the teens who live there and its open jobs', async () => {
    expect((await call('POST', '/api/admin/service-areas', api.admin.cookie, { zipCode: '02199', name: 'Back Bay' })).statusCode).toBe(201);
    const created = CoordinatorSchema.parse((await create({ fullName: 'Bay Coordinator', email: 'bay@example.com', zipCodes: ['02199'] }, api.admin.cookie)).json());
    expect((await call('POST', '/api/auth/register', undefined, newPerson('teen', { zipCode: '02199' }))).statusCode).toBe(201);
    expect((await call('POST', '/api/jobs', api.homeowner.cookie, validJob({ zipCode: '02199' }))).statusCode).toBe(201);
    const listed = await call('GET', '/api/admin/coordinators', api.admin.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const { coordinators } = CoordinatorListSchema.parse(listed.json());
    expect(coordinators.find((c) => c.user.id === created.user.id)).toEqual({ user: created.user, zipCodes: ['02199'], teens: 1, openJobs: 1 });
    expect(coordinators.find((c) => c.user.id === api.coordinator.user.id)?.zipCodes).toContain('02139');
  });

  it('refuses anyone but an admin, and names the field of bad input', async () => {
    for (const { cookie, status } of api.nonAdmins()) {
      expect((await call('GET', '/api/admin/coordinators', cookie)).statusCode).toBe(status);
      expect((await create({ fullName: 'No One', email: 'no.one@example.com', zipCodes: ['02139'] }, cookie)).statusCode).toBe(status);
      expect((await patchAs(cookie, api.coordinator.user.id, { zipCodes: ['02138'] })).statusCode).toBe(status);
    }
    for (const [body, field] of [
      [{ email: 'a@example.com', zipCodes: ['02139'] }, 'fullName'],
      [{ fullName: 'A B', email: 'not-an-email', zipCodes: ['02139'] }, 'email'],
      [{ fullName: 'A B', email: 'a@example.com', zipCodes: [] }, 'zipCodes'],
      [{ fullName: 'A B', email: 'a@example.com', zipCodes: ['2139'] }, 'zipCodes.0'],
    ] as const) {
      const response = await create(body, api.admin.cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields), JSON.stringify(body)).toEqual([field]);
    }
    for (const body of [{}, { zipCodes: [] }, { zipCodes: ['02139'], fullName: 'x' }]) expect((await patchAs(api.admin.cookie, api.coordinator.user.id, body)).statusCode).toBe(400);
    expect(await mailTo('no.one@example.com')).toBeUndefined();
  });
});
