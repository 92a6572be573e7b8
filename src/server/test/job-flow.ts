import type { Job } from '../../contract/jobs';
import { validJob } from './fixtures';
import { signInAs, signUp, type TestApp } from './test-app';

/** Monday 15 June 2026, noon in Boston: within work hours, summer. Where API tests set the clock. */
export const NOON_BOSTON = new Date('2026-06-15T16:00:00Z');

export type Stage = 'posted' | 'accepted' | 'completed' | 'verified';
export interface Cast {
  homeowner: string;
  teen: string;
  coordinator: string;
}

/** A job's people signed in on `t`: a homeowner, an approved teen and the coordinator of 02139 (validJob's ZIP code). */
export async function signInCast(t: TestApp): Promise<{ cast: Cast; ids: { homeowner: string; teen: string } }> {
  const homeowner = await signUp(t, 'homeowner');
  const teen = await signInAs(t, 'teen', { consent: 'approved' });
  const coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
  return { cast: { homeowner: homeowner.cookie, teen: teen.cookie, coordinator: coordinator.cookie }, ids: { homeowner: homeowner.user.id, teen: teen.user.id } };
}

/** Calls the API as whoever holds `cookie` (undefined: signed out). */
export function caller(t: TestApp) {
  return (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/**
 * Posts a job and walks it through the real API to `stage`: the teen locks, accepts, starts and
 * completes it, the coordinator verifies it. The clock must be within work hours.
 */
export async function jobAt(t: TestApp, cast: Cast, stage: Stage, overrides: Record<string, unknown> = {}): Promise<Job> {
  const call = caller(t);
  const step = async (path: string, cookie: string) => {
    const response = await call('POST', `/api/jobs/${job.id}/${path}`, cookie, {});
    if (response.statusCode !== 200) throw new Error(`${path} failed: ${response.statusCode} ${response.body}`);
    job = response.json();
  };
  const created = await call('POST', '/api/jobs', cast.homeowner, validJob(overrides));
  if (created.statusCode !== 201) throw new Error(`post failed: ${created.statusCode} ${created.body}`);
  let job: Job = created.json();
  if (stage === 'posted') return job;
  await step('accept', cast.teen);
  await step('accept', cast.teen);
  if (stage === 'accepted') return job;
  await step('start', cast.teen);
  await step('complete', cast.teen);
  if (stage === 'completed') return job;
  await step('verify', cast.coordinator);
  return job;
}
