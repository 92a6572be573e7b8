import { describe, expect, it } from 'vitest';
import { JobSchema, type Job } from '../../../contract/jobs';
import { milesBetween } from '../../../domain/geo';
import { zipCentroid } from '../../geo/zip-centroids';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { signInAs, signUp } from '../../test/test-app';
import { useJobsApi } from './jobs-api.test-support';

/** A point in Cambridge about half a mile from the centre of 02139. */
const PIN = { latitude: 42.3651, longitude: -71.0937 };
const CENTRE = zipCentroid('02139')!;

describe.each(databaseKinds())('a job point (issue 17) on %s', (kind) => {
  const api = useJobsApi(kind);
  const view = async (job: Job, cookie: string) => {
    const response = await api.call('GET', `/api/jobs/${job.id}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return JobSchema.parse(response.json());
  };

  it("keeps the pin given, or takes the ZIP code's centre without one", async () => {
    const pinned = await api.post({ ...PIN });
    expect(pinned.point).toEqual(PIN);
    const plain = await api.post();
    expect(plain.point).toEqual(CENTRE);
  });

  it('refuses a pin more than 15 miles from the ZIP centre, and half a pin', async () => {
    // Worcester, about 40 miles west.
    const far = await api.call('POST', '/api/jobs', api.homeowner.cookie, validJob({ latitude: 42.2626, longitude: -71.8023 }));
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toMatch(/^The pin is \d+\.\d miles from ZIP code 02139: place it within 15 miles of the job's ZIP code\.$/);
    expect(Object.keys(far.json().fields)).toEqual(['latitude']);
    const half = await api.call('POST', '/api/jobs', api.homeowner.cookie, validJob({ latitude: 42.36 }));
    expect(half.statusCode).toBe(400);
    expect(Object.keys(half.json().fields)).toContain('longitude');
    const outOfRange = await api.call('POST', '/api/jobs', api.homeowner.cookie, validJob({ latitude: 95, longitude: 0 }));
    expect(outOfRange.statusCode).toBe(400);
  });

  it('shows the exact point to the homeowner, the teen who accepted, the area coordinator and admins; others the distance to the ZIP centre only', async () => {
    const job = await api.post({ ...PIN });
    const admin = await signInAs(api.t, 'admin');
    // While open, teens (the lock holder too) see no point, and a distance to the centre, not the pin.
    const teenView = await view(job, api.otherTeen.cookie);
    expect(teenView.point).toBeNull();
    const teenOrigin = zipCentroid(api.otherTeen.user.zipCode)!;
    expect(teenView.distance).toBe(Math.round(milesBetween(teenOrigin, CENTRE) * 100) / 100);
    expect(JSON.stringify(teenView)).not.toContain(String(PIN.latitude));

    expect((await api.act(job, 'accept', api.teen.cookie)).statusCode).toBe(200);
    expect((await view(job, api.teen.cookie)).point).toBeNull();
    expect((await api.act(job, 'finalize-lock', api.teen.cookie)).statusCode).toBe(200);

    for (const [who, cookie] of [
      ['homeowner', api.homeowner.cookie],
      ['accepted teen', api.teen.cookie],
      ['area coordinator', api.coordinator.cookie],
      ['admin', admin.cookie],
    ] as const) {
      expect((await view(job, cookie)).point, who).toEqual(PIN);
    }
    // A coordinator of another area, another homeowner and another teen do not see the job at all.
    const otherCoordinator = await signInAs(api.t, 'coordinator', { coordinatorZips: ['02138'] });
    const otherHomeowner = await signUp(api.t, 'homeowner');
    for (const cookie of [otherCoordinator.cookie, otherHomeowner.cookie, api.otherTeen.cookie]) {
      const response = await api.call('GET', `/api/jobs/${job.id}`, cookie);
      expect(response.statusCode === 404 || response.json().point === null || response.json().point === undefined).toBe(true);
      expect(response.body).not.toContain(String(PIN.latitude));
    }
    // The homeowner's list carries it (the list's fast serializer knows the field).
    const own = await api.list(`homeownerId=${api.homeowner.user.id}`, api.homeowner.cookie);
    expect(own.jobs.find((j) => j.id === job.id)!.point).toEqual(PIN);
    // Nor does the explorer's list give it to a teen.
    const listed = await api.list('', api.otherTeen.cookie);
    expect(JSON.stringify(listed)).not.toContain(String(PIN.latitude));
  });
});
