import { afterAll, beforeAll, expect } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { validJob } from '../../test/fixtures';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

/** Tuesday 24 November 2026, 3 PM in Boston: a school day in the bundled Massachusetts calendar. */
export const SCHOOL_DAY_3PM = new Date('2026-11-24T20:00:00Z');
/** 15 on SCHOOL_DAY_3PM (16 on 10 March 2027). */
export const BORN_15 = '2011-03-10';
/** 16 on SCHOOL_DAY_3PM. */
export const BORN_16 = '2010-01-15';

type Person = { user: { id: string }; cookie: string };
type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

export interface SafetyApi {
  t: TestApp;
  homeowner: Person;
  coordinator: Person;
  call(method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown): Promise<Response>;
  /** POST /api/jobs as the homeowner, expecting 201. */
  post(overrides?: Record<string, unknown>): Promise<Job>;
  act(job: Job, path: string, who: Person): Promise<Response>;
  /** A consented teen of the given date of birth, in ZIP 02139. */
  teen(dateOfBirth: string): Promise<Person>;
}

/** A fresh app on `kind` at 3 PM on a school day in Boston, with a homeowner and the coordinator of 02139. */
export function useSafetyApi(kind: 'pglite' | 'postgres'): SafetyApi {
  const api = {} as SafetyApi;
  api.call = (method, url, cookie, payload) =>
    api.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  api.post = async (overrides = {}) => {
    const response = await api.call('POST', '/api/jobs', api.homeowner.cookie, validJob(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  api.act = (job, path, who) => api.call('POST', `/api/jobs/${job.id}/${path}`, who.cookie, {});
  api.teen = (dateOfBirth) => signInAs(api.t, 'teen', { consent: 'approved', dateOfBirth });
  beforeAll(async () => {
    api.t = await createTestApp(kind);
    api.t.clock.set(SCHOOL_DAY_3PM);
    api.homeowner = await signUp(api.t, 'homeowner');
    api.coordinator = await signInAs(api.t, 'coordinator', { coordinatorZips: ['02139'] });
  });
  afterAll(() => api.t.close());
  return api;
}
