import { describe, expect, it } from 'vitest';
import { AuditLogSchema, ServiceAreaListSchema, ServiceAreaSchema } from '../../../contract/admin';
import { buildApp } from '../../app';
import { ManualClock } from '../../clock';
import { loadConfig } from '../../config';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { newPerson, openTestDatabase, signInAs } from '../../test/test-app';
import { servedZips } from '../areas/service-areas';
import { useAdminApi } from './admin.test-support';

describe.each(databaseKinds())('service areas on %s', (kind) => {
  const api = useAdminApi(kind);
  const { call } = api;
  const patchAs = (cookie: string | undefined, zipCode: string, body: unknown) =>
    api.t.app.inject({ method: 'PATCH', url: `/api/admin/service-areas/${zipCode}`, headers: cookie ? { cookie } : {}, payload: body as object });
  const patch = (zipCode: string, body: unknown) => patchAs(api.admin.cookie, zipCode, body);
  const areas = async () => ServiceAreaListSchema.parse((await call('GET', '/api/admin/service-areas', api.admin.cookie)).json()).areas;
  const signUp = (zipCode: string) => call('POST', '/api/auth/register', undefined, newPerson('teen', { zipCode }));
  const post = (zipCode: string) => call('POST', '/api/jobs', api.homeowner.cookie, validJob({ zipCode }));

  it('starts from SERVICE_ZIPS on the first start only', async () => {
    const { database, drop } = await openTestDatabase(kind);
    try {
      /** A server started with these SERVICE_ZIPS: the ZIP codes it serves. */
      const startWith = async (zips: string) => {
        const { app, ctx } = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', SERVICE_ZIPS: zips }), database, clock: new ManualClock(), logger: false, webRoot: null });
        try {
          return await servedZips(ctx);
        } finally {
          await app.close();
        }
      };
      expect(await startWith('01001,01002')).toEqual(['01001', '01002']);
      expect(await startWith('02139')).toEqual(['01001', '01002']);
    } finally {
      await drop();
    }
  });

  it('lists the areas with their open jobs and coordinators, and flags open jobs nobody coordinates', async () => {
    const job = await post('02140');
    expect(job.statusCode, job.body).toBe(201);
    const listed = await areas();
    expect(listed.map((a) => a.zipCode)).toEqual(['02138', '02139', '02140', '02141', '02142']);
    expect(listed.find((a) => a.zipCode === '02140')).toEqual({
      zipCode: '02140',
      name: 'ZIP code 02140',
      active: true,
      openJobs: 1,
      coordinators: 0,
      needsCoordinator: true,
      createdAt: expect.any(String),
    });
    expect(listed.find((a) => a.zipCode === '02139')).toMatchObject({ coordinators: 1, needsCoordinator: false });
  });

  it('adds a ZIP code, where sign-up and posting open at once, once', async () => {
    expect((await signUp('02143')).json()).toMatchObject({ code: 'ZIP_NOT_SERVED' });
    const added = await call('POST', '/api/admin/service-areas', api.admin.cookie, { zipCode: '02143', name: 'Somerville' });
    expect(added.statusCode, added.body).toBe(201);
    expect(ServiceAreaSchema.parse(added.json())).toMatchObject({ zipCode: '02143', name: 'Somerville', active: true, openJobs: 0, coordinators: 0, needsCoordinator: false });
    expect((await signUp('02143')).statusCode).toBe(201);
    expect((await post('02143')).statusCode).toBe(201);
    const again = await call('POST', '/api/admin/service-areas', api.admin.cookie, { zipCode: '02143', name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ zipCode: 'This ZIP code is already a service area' });
    const log = AuditLogSchema.parse((await call('GET', '/api/admin/audit-log?target=02143', api.admin.cookie)).json());
    expect(log.entries.map((e) => [e.action, e.changes])).toEqual([['service_area.add', { name: 'Somerville', active: true }]]);
  });

  it('adds a ZIP code once when two admins add it at once, with one record', async () => {
    const other = await signInAs(api.t, 'admin');
    const answers = await Promise.all(
      [api.admin.cookie, other.cookie].map((cookie) => call('POST', '/api/admin/service-areas', cookie, { zipCode: '02144', name: 'West Somerville' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const log = AuditLogSchema.parse((await call('GET', '/api/admin/audit-log?target=02144', api.admin.cookie)).json());
    expect(log.entries).toHaveLength(1);
  });

  it('pauses an area: sign-up and posting there are refused with the existing words, its jobs go on; resuming opens it again', async () => {
    const before = await post('02142');
    expect(before.statusCode).toBe(201);
    const paused = await patch('02142', { active: false });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ zipCode: '02142', active: false, openJobs: 1 });
    expect((await patch('02142', { active: false })).statusCode).toBe(200);

    const refusedSignUp = await signUp('02142');
    expect(refusedSignUp.statusCode).toBe(400);
    expect(refusedSignUp.json().message).toMatch(/^Yardly is not available in 02142 yet\. We currently serve ZIP codes 02138, 02139, 02140, 02141/);
    expect(refusedSignUp.json().message).not.toMatch(/02142\./);
    expect(refusedSignUp.json().fields).toEqual({ zipCode: 'This ZIP code is outside our service area' });
    const refusedPost = await post('02142');
    expect(refusedPost.statusCode).toBe(400);
    expect(refusedPost.json()).toMatchObject({ code: 'ZIP_NOT_SERVED', message: 'Yardly is not available in 02142 yet.' });
    // The job posted before the pause goes on: a teen locks and accepts it.
    const teen = await signInAs(api.t, 'teen', { consent: 'approved' });
    const jobId: string = before.json().id;
    expect((await call('POST', `/api/jobs/${jobId}/accept`, teen.cookie, {})).json()).toMatchObject({ status: 'locked' });
    expect((await call('POST', `/api/jobs/${jobId}/accept`, teen.cookie, {})).json()).toMatchObject({ status: 'accepted' });

    api.t.clock.advance(1000);
    expect((await patch('02142', { active: true })).json()).toMatchObject({ active: true });
    expect((await post('02142')).statusCode).toBe(201);
    const log = AuditLogSchema.parse((await call('GET', '/api/admin/audit-log?target=02142', api.admin.cookie)).json());
    expect(log.entries.map((e) => e.changes.active)).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
  });

  it('refuses anyone but an admin, an unknown area, and names the field of bad input', async () => {
    for (const { cookie, status } of api.nonAdmins()) {
      expect((await call('GET', '/api/admin/service-areas', cookie)).statusCode).toBe(status);
      expect((await call('POST', '/api/admin/service-areas', cookie, { zipCode: '02199', name: 'Back Bay' })).statusCode).toBe(status);
      expect((await patchAs(cookie, '02139', { active: false })).statusCode).toBe(status);
    }
    expect((await patch('99999', { active: false })).statusCode).toBe(404);
    for (const [body, field] of [
      [{ zipCode: '2139', name: 'Short' }, 'zipCode'],
      [{ zipCode: '02199' }, 'name'],
      [{ zipCode: '02199', name: ' ' }, 'name'],
      [{ zipCode: '02199', name: 'x'.repeat(81) }, 'name'],
    ] as const) {
      const response = await call('POST', '/api/admin/service-areas', api.admin.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields), JSON.stringify(body)).toEqual([field]);
    }
    for (const body of [{}, { active: 'no' }, { active: true, name: 'x' }]) {
      const response = await patch('02139', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(Object.keys((await patch('abcde', { active: true })).json().fields)).toEqual(['zipCode']);
    expect((await areas()).find((a) => a.zipCode === '02139')?.active).toBe(true);
  });
});
