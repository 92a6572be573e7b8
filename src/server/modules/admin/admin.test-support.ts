import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { caller, jobAt, NOON_BOSTON, type Cast, type Stage } from '../../test/job-flow';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

export { NOON_BOSTON };
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Call = ReturnType<typeof caller>;
type Person = { user: { id: string }; cookie: string; email: string };

/** The app and the people of an admin API test file. */
export interface AdminApi {
  t: TestApp;
  call: Call;
  admin: Person;
  /** A homeowner, an approved teen and the coordinator of 02139. */
  homeowner: Person;
  teen: Person;
  coordinator: Person;
  cast(): Cast;
  /** A job walked through the real API to `stage` by this file's cast. */
  jobAt(stage: Stage, overrides?: Record<string, unknown>): Promise<Job>;
  /** The cookie of each role that is not an admin, and none (signed out): each call must be refused. */
  nonAdmins(): { cookie: string | undefined; status: 401 | 403 }[];
}

export function useAdminApi(kind: 'pglite' | 'postgres'): AdminApi {
  const api = {
    call: (...args: Parameters<Call>) => caller(api.t)(...args),
    cast: () => ({ homeowner: api.homeowner.cookie, teen: api.teen.cookie, coordinator: api.coordinator.cookie }),
    jobAt: (stage: Stage, overrides: Record<string, unknown> = {}) => jobAt(api.t, api.cast(), stage, overrides),
    nonAdmins: () => [
      { cookie: undefined, status: 401 as const },
      { cookie: api.homeowner.cookie, status: 403 as const },
      { cookie: api.teen.cookie, status: 403 as const },
      { cookie: api.coordinator.cookie, status: 403 as const },
    ],
  } as AdminApi;
  beforeAll(async () => {
    const t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    api.t = t;
    const homeowner = await signUp(t, 'homeowner');
    api.homeowner = { user: homeowner.user, cookie: homeowner.cookie, email: homeowner.payload.email };
    api.teen = await signInAs(t, 'teen', { consent: 'approved' });
    api.coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    api.admin = await signInAs(t, 'admin');
  });
  beforeEach(() => api.t.clock.set(NOON_BOSTON));
  afterAll(() => api.t.close());
  return api;
}
