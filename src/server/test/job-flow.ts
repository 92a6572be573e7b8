import type { Job } from '../../contract/jobs';
import { validJob } from './fixtures';
import type { TestApp } from './test-app';

export type Stage = 'posted' | 'accepted' | 'completed' | 'verified';
export interface Cast {
  homeowner: string;
  teen: string;
  coordinator: string;
}

/** Calls the API as whoever holds `cookie` (undefined: signed out). */
export function caller(t: TestApp) {
  return (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
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
