import { afterAll, beforeAll, expect } from 'vitest';
import type { User } from '../../../contract/auth';
import { JobListSchema, type Job, type JobList } from '../../../contract/jobs';
import { validJob } from '../../test/fixtures';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { NOON_BOSTON } from '../../test/job-flow';

export { NOON_BOSTON };
export const NIGHT_BOSTON = new Date('2026-06-16T03:30:00Z'); // 11:30 PM in Boston

type Person = { user: User; cookie: string };
type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** One test file's app and the people its jobs tests share, and the calls they make. */
export interface JobsApi {
  t: TestApp;
  homeowner: Person;
  teen: Person;
  otherTeen: Person;
  coordinator: Person;
  call(method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown): Promise<Response>;
  /** POST /api/jobs, expecting 201. */
  post(overrides?: Record<string, unknown>, cookie?: string): Promise<Job>;
  act(job: Job, path: string, cookie: string | undefined, body?: unknown): Promise<Response>;
  /** GET /api/jobs; its serializer does not check types (fast-serializer.ts), so the test does. */
  list(query: string, cookie: string): Promise<JobList>;
}

/**
 * A fresh app on `kind` at noon in Boston for the calling describe block, with a homeowner, two
 * consented teens and the coordinator of 02139; the fields are there once its beforeAll has run.
 */
export function useJobsApi(kind: 'pglite' | 'postgres'): JobsApi {
  const api = {
    call: (method, url, cookie, payload) =>
      api.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) }),
    post: async (overrides = {}, cookie = api.homeowner.cookie) => {
      const response = await api.call('POST', '/api/jobs', cookie, validJob(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    act: (job, path, cookie, body = {}) => api.call('POST', `/api/jobs/${job.id}/${path}`, cookie, body),
    list: async (query, cookie) => {
      const response = await api.call('GET', `/api/jobs?${query}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return JobListSchema.parse(response.json());
    },
  } as JobsApi;
  beforeAll(async () => {
    api.t = await createTestApp(kind);
    api.t.clock.set(NOON_BOSTON);
    api.homeowner = await signUp(api.t, 'homeowner');
    api.teen = await signInAs(api.t, 'teen', { consent: 'approved' });
    api.otherTeen = await signInAs(api.t, 'teen', { consent: 'approved' });
    api.coordinator = await signInAs(api.t, 'coordinator', { coordinatorZips: ['02139'] });
  });
  afterAll(() => api.t.close());
  return api;
}

/** The work after a teen accepted, to paid: each step's path, who takes it, and the status it leaves. */
export function stepsToPaid(api: JobsApi): [path: string, cookie: string, status: Job['status']][] {
  return [
    ['start', api.teen.cookie, 'in_progress'],
    ['complete', api.teen.cookie, 'completed'],
    ['verify', api.coordinator.cookie, 'verified'],
    ['release-payment', api.homeowner.cookie, 'paid'],
  ];
}
