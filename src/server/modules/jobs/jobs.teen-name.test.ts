import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { databaseKinds } from '../../test/databases';
import { signInAs } from '../../test/test-app';
import { NOON_BOSTON, stepsToPaid, useJobsApi } from './jobs-api.test-support';

const FULL = 'Maya Lopez';
const SHORT = 'Maya L.';

// Privacy: a teen's full name reaches only the teen, the area's coordinator and admins; the job's
// homeowner reads 'Maya L.' once the teen has accepted; other teens, nothing.
describe.each(databaseKinds())("who reads a job's teen by name, on %s", (kind) => {
  const api = useJobsApi(kind);
  let admin: { cookie: string };
  beforeAll(async () => {
    admin = await signInAs(api.t, 'admin');
    await api.t.database.db.execute(sql`update users set full_name = ${FULL} where id = ${api.teen.user.id}`);
  });

  const get = async (job: Job, cookie: string): Promise<Job> => {
    const response = await api.call('GET', `/api/jobs/${job.id}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const nameIn = async (query: string, cookie: string, job: Job) => (await api.list(query, cookie)).jobs.find((j) => j.id === job.id)?.teenName;
  /** The name each viewer reads through GET /api/jobs/{id}. */
  const namesOn = async (job: Job) => ({
    teen: (await get(job, api.teen.cookie)).teenName,
    otherTeen: (await get(job, api.otherTeen.cookie)).teenName,
    homeowner: (await get(job, api.homeowner.cookie)).teenName,
    coordinator: (await get(job, api.coordinator.cookie)).teenName,
    admin: (await get(job, admin.cookie)).teenName,
  });
  /** The name each viewer reads in the list they see the job in. */
  const listedNamesOn = async (job: Job, otherTeenQuery: string | null) => ({
    teen: await nameIn(`teenId=${api.teen.user.id}&status=${job.status}&search=${encodeURIComponent(job.title)}`, api.teen.cookie, job),
    otherTeen: otherTeenQuery === null ? null : await nameIn(otherTeenQuery, api.otherTeen.cookie, job),
    homeowner: await nameIn(`homeownerId=${api.homeowner.user.id}&search=${encodeURIComponent(job.title)}`, api.homeowner.cookie, job),
    coordinator: await nameIn(`coordinatorId=${api.coordinator.user.id}&search=${encodeURIComponent(job.title)}`, api.coordinator.cookie, job),
    admin: await nameIn(`search=${encodeURIComponent(job.title)}`, admin.cookie, job),
  });

  it('names nobody on a posted job', async () => {
    const job = await api.post({ title: `Unclaimed ${kind}` });
    expect(job.teenName).toBeNull();
    expect(await namesOn(job)).toEqual({ teen: null, otherTeen: null, homeowner: null, coordinator: null, admin: null });
  });

  it('keeps a lock from the homeowner and other teens (a teen is deciding), and names the teen to themself, the coordinator and admins', async () => {
    const job = await api.post({ title: `Deciding ${kind}` });
    const locked = (await api.act(job, 'accept', api.teen.cookie)).json() as Job;
    expect(locked).toMatchObject({ status: 'locked', teenName: FULL });
    expect(await namesOn(locked)).toEqual({ teen: FULL, otherTeen: null, homeowner: null, coordinator: FULL, admin: FULL });
    // The explorer's list is the page teens share (decision 009): the holder's lock is shaped for them alone.
    const explorer = `status=posted,locked&search=${encodeURIComponent(job.title)}`;
    expect(await nameIn(explorer, api.otherTeen.cookie, job)).toBeNull();
    expect(await nameIn(explorer, api.teen.cookie, job)).toBe(FULL);
    expect(await nameIn(explorer, api.otherTeen.cookie, job)).toBeNull();
    expect(await listedNamesOn(locked, explorer)).toEqual({ teen: FULL, otherTeen: null, homeowner: null, coordinator: FULL, admin: FULL });
    await api.act(job, 'release-lock', api.teen.cookie);
  });

  it('gives the homeowner the first name and last initial once the teen accepts, never the last name, through every step of the work', async () => {
    const job = await api.post({ title: `Taken ${kind}` });
    await api.act(job, 'accept', api.teen.cookie);
    const accepted = (await api.act(job, 'accept', api.teen.cookie)).json() as Job;
    expect(accepted).toMatchObject({ status: 'accepted', teenName: FULL });
    expect(await namesOn(accepted)).toEqual({ teen: FULL, otherTeen: null, homeowner: SHORT, coordinator: FULL, admin: FULL });
    expect(await listedNamesOn(accepted, null)).toEqual({ teen: FULL, otherTeen: null, homeowner: SHORT, coordinator: FULL, admin: FULL });
    // The public face another teen sees carries no name at all.
    expect(JSON.stringify(await get(job, api.otherTeen.cookie))).not.toContain('Maya');

    for (const [path, cookie, status] of stepsToPaid(api)) {
      const moved = await api.act(job, path, cookie);
      expect(moved.json(), path).toMatchObject({ status, teenName: cookie === api.homeowner.cookie ? SHORT : FULL });
      const homeownerView = await api.call('GET', `/api/jobs/${job.id}`, api.homeowner.cookie);
      expect(homeownerView.json().teenName, status).toBe(SHORT);
      expect(homeownerView.body, status).not.toContain('Lopez');
      const homeownerList = await api.call('GET', `/api/jobs?homeownerId=${api.homeowner.user.id}&status=${status}&search=${encodeURIComponent(job.title)}`, api.homeowner.cookie);
      expect(homeownerList.json().jobs.map((j: Job) => j.teenName), status).toEqual([SHORT]);
      expect(homeownerList.body, status).not.toContain('Lopez');
      expect((await get(job, api.coordinator.cookie)).teenName, status).toBe(FULL);
      expect((await get(job, admin.cookie)).teenName, status).toBe(FULL);
    }
  });

  it('names nobody once the lock runs out or the teen withdraws', async () => {
    const expiring = await api.post({ title: `Run out ${kind}` });
    await api.act(expiring, 'accept', api.teen.cookie);
    api.t.clock.advance(900_001);
    try {
      const search = `search=${encodeURIComponent(expiring.title)}`;
      // Lists first: read before any GET applies the expiry, from the row that still names the teen.
      expect(await nameIn(`status=posted,locked&${search}`, api.otherTeen.cookie, expiring)).toBeNull();
      expect(await nameIn(`status=posted,locked&${search}`, api.teen.cookie, expiring)).toBeNull();
      expect(await nameIn(`homeownerId=${api.homeowner.user.id}&${search}`, api.homeowner.cookie, expiring)).toBeNull();
      expect(await nameIn(`coordinatorId=${api.coordinator.user.id}&${search}`, api.coordinator.cookie, expiring)).toBeNull();
      expect(await nameIn(search, admin.cookie, expiring)).toBeNull();
      expect(await namesOn(expiring)).toEqual({ teen: null, otherTeen: null, homeowner: null, coordinator: null, admin: null });
    } finally {
      api.t.clock.set(NOON_BOSTON);
    }

    const withdrawn = await api.post({ title: `Withdrawn ${kind}` });
    await api.act(withdrawn, 'accept', api.teen.cookie);
    await api.act(withdrawn, 'accept', api.teen.cookie);
    const reopened = (await api.act(withdrawn, 'withdraw', api.teen.cookie)).json() as Job;
    expect(reopened).toMatchObject({ status: 'posted', teenName: null });
    expect(await namesOn(withdrawn)).toEqual({ teen: null, otherTeen: null, homeowner: null, coordinator: null, admin: null });
  });
});
