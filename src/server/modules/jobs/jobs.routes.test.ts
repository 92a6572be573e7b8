import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobListSchema, type Job } from '../../../contract/jobs';
import { jobEvents } from '../../db/schema';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { sweep } from '../../sweeper';
import { validJob } from '../../test/fixtures';

const NOON_BOSTON = new Date('2026-06-15T16:00:00Z');
const NIGHT_BOSTON = new Date('2026-06-16T03:30:00Z'); // 11:30 PM in Boston

describe.each(databaseKinds())('jobs API on %s', (kind) => {
  let t: TestApp;
  let homeowner: Awaited<ReturnType<typeof signUp>>;
  let teen: Awaited<ReturnType<typeof signInAs>>;
  let otherTeen: Awaited<ReturnType<typeof signInAs>>;
  let coordinator: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    homeowner = await signUp(t, 'homeowner');
    teen = await signInAs(t, 'teen', { consent: 'approved' });
    otherTeen = await signInAs(t, 'teen', { consent: 'approved' });
    coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const post = async (overrides: Record<string, unknown> = {}, cookie = homeowner.cookie): Promise<Job> => {
    const response = await call('POST', '/api/jobs', cookie, validJob(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const act = (job: Job, path: string, cookie: string | undefined, body: unknown = {}) => call('POST', `/api/jobs/${job.id}/${path}`, cookie, body);
  /** GET /api/jobs; its serializer does not check types (fast-serializer.ts), so the test does. */
  const list = async (query: string, cookie: string) => {
    const response = await call('GET', `/api/jobs?${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return JobListSchema.parse(response.json());
  };

  describe('POST /api/jobs', () => {
    it('posts a job with pay as a two-decimal string and records the event', async () => {
      const job = await post({ payAmount: 45 });
      expect(job).toMatchObject({ status: 'posted', payAmount: '45.00', estimatedDuration: 90, homeownerId: homeowner.user.id, teenId: null });
      expect(job.coordinatorSupervised).toBe(true);
      expect(job.actions).toEqual(['cancel']);
      const events = await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => [e.transition, e.toStatus])).toEqual([['post', 'posted']]);
    });

    it.each([
      ['pay below 15', { payAmount: '10.00' }, 'payAmount', 'Pay must be between $15 and $500'],
      ['pay above 500', { payAmount: '505.00' }, 'payAmount', 'Pay must be between $15 and $500'],
      ['pay off the $5 step', { payAmount: '42.50' }, 'payAmount', 'Pay must be a multiple of $5'],
      ['pay that is not money', { payAmount: 'forty' }, 'payAmount', 'Pay must be an amount in dollars'],
      ['an unlisted duration', { estimatedDuration: 45 }, 'estimatedDuration', 'Choose one of the listed durations'],
      ['a blank title', { title: '  ' }, 'title', 'Title is required'],
      ['a missing description', { description: undefined }, 'description', 'Invalid input: expected string, received undefined'],
      ['an unknown category', { category: 'babysitting' }, 'category', 'Choose a category'],
      ['unknown equipment', { equipment: ['chainsaw'] }, 'equipment.0', 'Invalid option: expected one of "rake"|"shovel"|"hose"|"pruning_shears"|"wheelbarrow"|"lawn_mower"|"push_reel_mower"|"leaf_blower"|"snow_blower"|"string_trimmer"|"ladder"'],
      ['a long title', { title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
      ['a numeric pay a fraction off the $5 step', { payAmount: 25.001 }, 'payAmount', 'Pay must be a multiple of $5'],
      ['a numeric pay below 15', { payAmount: 10 }, 'payAmount', 'Pay must be between $15 and $500'],
      ['a numeric pay above 500', { payAmount: 600 }, 'payAmount', 'Pay must be between $15 and $500'],
      ['a duration sent as text', { estimatedDuration: '60' }, 'estimatedDuration', 'Choose one of the listed durations'],
      ['a duration in a list', { estimatedDuration: [60] }, 'estimatedDuration', 'Choose one of the listed durations'],
      ['a missing ZIP code', { zipCode: undefined }, 'zipCode', 'Invalid input: expected string, received undefined'],
      ['unknown physical demands', { physicalDemands: 'extreme' }, 'physicalDemands', 'Invalid option: expected one of "easy"|"medium"|"hard"'],
      ['a NUL character in the title', { title: 'Rake\u0000' }, 'title', 'Text cannot contain a NUL character'],
      ['a NUL character in the equipment list', { equipment: ['rake\u0000'] }, 'equipment.0', 'Text cannot contain a NUL character'],
    ])('refuses %s with 400', async (_label, change, field, message) => {
      const response = await call('POST', '/api/jobs', homeowner.cookie, validJob(change));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: message });
    });

    it('refuses a ZIP code outside the service area, another homeownerId, teens and visitors', async () => {
      const outside = await call('POST', '/api/jobs', homeowner.cookie, validJob({ zipCode: '90210' }));
      expect(outside.statusCode).toBe(400);
      expect(outside.json().code).toBe('ZIP_NOT_SERVED');
      expect((await call('POST', '/api/jobs', homeowner.cookie, validJob({ homeownerId: teen.user.id }))).statusCode).toBe(403);
      expect((await call('POST', '/api/jobs', teen.cookie, validJob())).statusCode).toBe(403);
      expect((await call('POST', '/api/jobs', undefined, validJob())).statusCode).toBe(401);
    });
  });

  describe('lock, finalize and release', () => {
    it('locks for 15 minutes, then accepts through the same call', async () => {
      const job = await post();
      const locked = await act(job, 'accept', teen.cookie, { teenId: teen.user.id });
      expect(locked.statusCode).toBe(200);
      expect(locked.json()).toMatchObject({ status: 'locked', teenId: teen.user.id, actions: ['finalize', 'release'] });
      expect(new Date(locked.json().lockExpiresAt).getTime() - t.clock.now().getTime()).toBe(900_000);

      const seenByOther = (await call('GET', `/api/jobs/${job.id}`, otherTeen.cookie)).json();
      expect(seenByOther).toMatchObject({ status: 'locked', actions: [] });
      const stolen = await act(job, 'accept', otherTeen.cookie);
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json()).toEqual({ code: 'JOB_NOT_AVAILABLE', message: 'This job may have already been taken. Please try another.' });

      const accepted = await act(job, 'accept', teen.cookie, { teenId: teen.user.id });
      expect(accepted.json()).toMatchObject({ status: 'accepted', lockExpiresAt: null });
      const events = await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => e.transition)).toEqual(['post', 'lock', 'finalize']);
    });

    it('releases a lock, and finalize-lock refuses a lock that ran out', async () => {
      const job = await post();
      await act(job, 'accept', teen.cookie);
      const released = await act(job, 'release-lock', teen.cookie, { teenId: teen.user.id });
      expect(released.json()).toMatchObject({ status: 'posted', teenId: null });

      await act(job, 'accept', teen.cookie);
      t.clock.advance(900_001);
      const late = await act(job, 'finalize-lock', teen.cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('LOCK_EXPIRED');
      // Read lazily as posted, and another teen may now lock it.
      expect((await call('GET', `/api/jobs/${job.id}`, otherTeen.cookie)).json().status).toBe('posted');
      expect((await act(job, 'accept', otherTeen.cookie)).json().teenId).toBe(otherTeen.user.id);
      await act(job, 'release-lock', otherTeen.cookie);
      t.clock.set(NOON_BOSTON);
    });

    it('records the run-out lock it takes over as expired before locking it', async () => {
      const job = await post();
      await act(job, 'accept', teen.cookie);
      t.clock.advance(900_001);
      // No read or sweep in between: the lock is taken over while the row still says locked.
      expect((await act(job, 'accept', otherTeen.cookie)).json()).toMatchObject({ status: 'locked', teenId: otherTeen.user.id });
      // The last two share one instant; the lock from posted could only follow the expiry.
      const events = await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => [e.transition, e.fromStatus, e.toStatus, e.actorRole]).sort()).toEqual([
        ['expire', 'locked', 'posted', 'system'],
        ['lock', 'posted', 'locked', 'teen'],
        ['lock', 'posted', 'locked', 'teen'],
        ['post', null, 'posted', 'homeowner'],
      ]);
      await act(job, 'release-lock', otherTeen.cookie);
      t.clock.set(NOON_BOSTON);
    });

    it("tells a teen reaching for a job another teen accepted that it was taken, and hides it otherwise", async () => {
      const job = await post();
      await act(job, 'accept', teen.cookie);
      await act(job, 'accept', teen.cookie);
      const taken = { code: 'JOB_NOT_AVAILABLE', message: 'This job may have already been taken. Please try another.' };
      for (const path of ['accept', 'finalize-lock']) {
        const late = await act(job, path, otherTeen.cookie);
        expect(late.statusCode).toBe(409);
        expect(late.json()).toEqual(taken);
      }
      expect((await call('GET', `/api/jobs/${job.id}`, otherTeen.cookie)).statusCode).toBe(404);
      expect((await act(job, 'release-lock', otherTeen.cookie)).statusCode).toBe(404);
      expect((await act(job, 'withdraw', otherTeen.cookie)).statusCode).toBe(404);
    });

    it('refuses finalize-lock and release-lock to anyone but the teen holding the lock', async () => {
      const job = await post();
      expect((await act(job, 'finalize-lock', teen.cookie)).json()).toEqual({
        code: 'JOB_NOT_AVAILABLE',
        message: 'This job may have already been taken. Please try another.',
      });
      const unlocked = await act(job, 'release-lock', teen.cookie);
      expect(unlocked.statusCode).toBe(409);
      expect(unlocked.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'You do not hold a lock on this job.' });
      await act(job, 'accept', teen.cookie);
      expect((await act(job, 'finalize-lock', otherTeen.cookie)).statusCode).toBe(409);
      expect((await act(job, 'release-lock', otherTeen.cookie)).json().code).toBe('INVALID_TRANSITION');
      for (const path of ['finalize-lock', 'release-lock']) {
        expect((await act(job, path, homeowner.cookie)).statusCode).toBe(403);
        expect((await act(job, path, teen.cookie, { teenId: otherTeen.user.id })).statusCode).toBe(403);
        expect((await act(job, path, teen.cookie, { teenId: 'not-a-uuid' })).statusCode).toBe(400);
      }
      expect((await call('GET', `/api/jobs/${job.id}`, teen.cookie)).json()).toMatchObject({ status: 'locked', teenId: teen.user.id });
      await act(job, 'release-lock', teen.cookie);
    });

    it('lets a teen hold one live lock at a time', async () => {
      const first = await post();
      const second = await post();
      expect((await act(first, 'accept', teen.cookie)).statusCode).toBe(200);
      const refused = await act(second, 'accept', teen.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('LOCK_HELD');
      await act(first, 'release-lock', teen.cookie);
      expect((await act(second, 'accept', teen.cookie)).statusCode).toBe(200);
      await act(second, 'release-lock', teen.cookie);
    });

    it("releases the teen's own run-out lock when the teen locks another job", async () => {
      const first = await post();
      const second = await post();
      await act(first, 'accept', teen.cookie);
      t.clock.advance(901_000);
      expect((await act(second, 'accept', teen.cookie)).json()).toMatchObject({ status: 'locked', teenId: teen.user.id });
      const events = await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, first.id));
      expect(events.map((e) => [e.transition, e.toStatus, e.actorRole])).toContainEqual(['expire', 'posted', 'system']);
      await act(second, 'release-lock', teen.cookie);
      t.clock.set(NOON_BOSTON);
    });

    it('refuses a teen without approved consent, a homeowner, and another teenId', async () => {
      const job = await post();
      const noConsent = await signUp(t, 'teen');
      const refused = await act(job, 'accept', noConsent.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'CONSENT_REQUIRED', message: 'You need parental consent before accepting jobs.' });
      expect((await act(job, 'accept', homeowner.cookie)).statusCode).toBe(403);
      expect((await act(job, 'accept', teen.cookie, { teenId: otherTeen.user.id })).statusCode).toBe(403);
      expect((await act(job, 'accept', undefined)).statusCode).toBe(401);
    });

    it('answers an unknown job with 404 and a malformed id with 400', async () => {
      expect((await call('POST', '/api/jobs/6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e/accept', teen.cookie, {})).statusCode).toBe(404);
      expect((await call('GET', '/api/jobs/not-a-uuid', teen.cookie)).statusCode).toBe(400);
      for (const path of ['accept', 'finalize-lock', 'release-lock', 'start', 'complete', 'withdraw']) {
        expect((await call('POST', `/api/jobs/not-a-uuid/${path}`, teen.cookie, {})).statusCode).toBe(400);
      }
      expect((await call('POST', '/api/jobs/not-a-uuid/verify', coordinator.cookie, {})).statusCode).toBe(400);
      expect((await call('POST', '/api/jobs/not-a-uuid/cancel', homeowner.cookie, {})).statusCode).toBe(400);
      const missing = await call('GET', '/api/jobs/6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e', teen.cookie);
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Job not found' });
    });

    it('releases run-out locks in the sweeper too', async () => {
      const job = await post();
      await act(job, 'accept', otherTeen.cookie);
      t.clock.advance(901_000);
      await sweep(t.ctx);
      const events = await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id));
      expect(events.map((e) => [e.transition, e.actorRole])).toContainEqual(['expire', 'system']);
      t.clock.set(NOON_BOSTON);
    });
  });

  describe('work, verification and cancellation', () => {
    async function acceptedJob(zipCode = '02139') {
      const job = await post({ zipCode });
      await act(job, 'accept', teen.cookie);
      return (await act(job, 'accept', teen.cookie)).json() as Job;
    }

    it('moves a job from accepted to verified, each step by its own person', async () => {
      const job = await acceptedJob();
      // Another teen cannot even see an accepted job that is not theirs.
      expect((await act(job, 'start', otherTeen.cookie)).statusCode).toBe(404);
      expect((await act(job, 'complete', teen.cookie)).json().code).toBe('INVALID_TRANSITION');
      const started = await act(job, 'start', teen.cookie);
      expect(started.json()).toMatchObject({ status: 'in_progress', actions: ['complete'] });
      const completed = await act(job, 'complete', teen.cookie);
      expect(completed.json().status).toBe('completed');
      expect(completed.json().completedAt).toBe(t.clock.now().toISOString());
      expect((await act(job, 'verify', teen.cookie)).statusCode).toBe(403);
      const queue = (await call('GET', `/api/jobs?status=completed&coordinatorId=${coordinator.user.id}`, coordinator.cookie)).json();
      expect(queue.jobs.map((j: Job) => j.id)).toContain(job.id);
      const verified = await act(job, 'verify', coordinator.cookie);
      expect(verified.json()).toMatchObject({ status: 'verified' });
      expect((await call('GET', `/api/jobs/${job.id}`, homeowner.cookie)).json().status).toBe('verified');
    });

    it('refuses to start outside 6 AM-8 PM in the service time zone, and says so on the job beforehand', async () => {
      const job = await acceptedJob();
      t.clock.set(NIGHT_BOSTON);
      const atNight = (await call('GET', `/api/jobs/${job.id}`, teen.cookie)).json() as Job;
      expect(atNight.actions).toEqual(['withdraw']);
      expect(atNight.blockedActions).toEqual([{ action: 'start', message: 'Work can only start between 6 AM and 8 PM.' }]);
      const listed = (await list(`teenId=${teen.user.id}&status=accepted`, teen.cookie)).jobs.find((j) => j.id === job.id);
      expect(listed?.blockedActions).toEqual(atNight.blockedActions);
      // Nobody else is told about a start that is not theirs to make.
      expect(((await call('GET', `/api/jobs/${job.id}`, homeowner.cookie)).json() as Job).blockedActions).toEqual([]);
      const refused = await act(job, 'start', teen.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'OUTSIDE_WORK_HOURS', message: 'Work can only start between 6 AM and 8 PM.' });
      t.clock.set(NOON_BOSTON);
      const atNoon = (await call('GET', `/api/jobs/${job.id}`, teen.cookie)).json() as Job;
      expect(atNoon).toMatchObject({ actions: ['start', 'withdraw'], blockedActions: [] });
      expect((await act(job, 'start', teen.cookie)).statusCode).toBe(200);
    });

    it('lets only the coordinator of the job area verify, and only completed work', async () => {
      const job = await acceptedJob('02142');
      expect((await act(job, 'verify', homeowner.cookie)).statusCode).toBe(403);
      await act(job, 'start', teen.cookie);
      const early = await act(job, 'verify', coordinator.cookie);
      expect(early.statusCode).toBe(404);
      await act(job, 'complete', teen.cookie);
      expect((await act(job, 'verify', coordinator.cookie)).statusCode).toBe(404);
      // An admin was not there to see the work: only the area's background-checked coordinator attests it.
      const admin = await signInAs(t, 'admin');
      expect((await act(job, 'verify', admin.cookie)).statusCode).toBe(403);
      expect((await act(job, 'verify', homeowner.cookie)).statusCode).toBe(403);
      const areaCoordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02142'] });
      expect((await act(job, 'verify', areaCoordinator.cookie)).json().status).toBe('verified');
      const again = await act(job, 'verify', areaCoordinator.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'Only a completed job can be verified.' });
    });

    it('lets only the assigned teen start, complete or withdraw, and withdraw only before starting', async () => {
      const job = await acceptedJob();
      for (const path of ['start', 'complete', 'withdraw']) {
        expect((await act(job, path, otherTeen.cookie)).statusCode).toBe(404);
        expect((await act(job, path, homeowner.cookie)).statusCode).toBe(403);
        expect((await act(job, path, teen.cookie, { teenId: otherTeen.user.id })).statusCode).toBe(403);
      }
      expect((await act(job, 'cancel', teen.cookie)).statusCode).toBe(403);
      await act(job, 'start', teen.cookie);
      const late = await act(job, 'withdraw', teen.cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('INVALID_TRANSITION');
      expect((await call('GET', `/api/jobs/${job.id}`, teen.cookie)).json().status).toBe('in_progress');
    });

    it('lets the teen withdraw before starting, and the homeowner cancel before work starts', async () => {
      const job = await acceptedJob();
      expect((await act(job, 'withdraw', teen.cookie)).json()).toMatchObject({ status: 'posted', teenId: null });
      const other = await signUp(t, 'homeowner');
      expect((await act(job, 'cancel', other.cookie)).statusCode).toBe(404);
      expect((await act(job, 'cancel', homeowner.cookie)).json().status).toBe('cancelled');
      // To a teen, a job cancelled under their finger is gone like a taken one: 'try another'.
      expect((await act(job, 'accept', teen.cookie)).json().code).toBe('JOB_NOT_AVAILABLE');
      const started = await acceptedJob();
      await act(started, 'start', teen.cookie);
      expect((await act(started, 'cancel', homeowner.cookie)).json().code).toBe('INVALID_TRANSITION');
    });
  });

  describe('GET /api/jobs', () => {
    it('shows teens only open jobs of others, with distance from their ZIP code, newest first and paged', async () => {
      const a = await post({ title: 'Paging A' });
      t.clock.advance(1000);
      const b = await post({ title: 'Paging B' });
      const page1 = await list('status=posted&search=Paging&limit=1', teen.cookie);
      expect(page1.jobs.map((j: Job) => j.id)).toEqual([b.id]);
      expect(page1.jobs[0]!.distance).toBe(0);
      const page2 = await list(`status=posted&search=Paging&limit=1&cursor=${page1.nextCursor}`, teen.cookie);
      expect(page2.jobs.map((j: Job) => j.id)).toEqual([a.id]);
      expect(page2.nextCursor).toBeNull();
      expect((await call('GET', '/api/jobs?status=accepted', teen.cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/jobs?teenId=${otherTeen.user.id}`, teen.cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/jobs?homeownerId=${homeowner.user.id}`, teen.cookie)).statusCode).toBe(403);
    });

    it('pages through jobs posted at the same instant by id, none lost or repeated', async () => {
      const tag = `Same${Date.now()}`;
      const posted = [await post({ title: tag }), await post({ title: tag }), await post({ title: tag })];
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { jobs: Job[]; nextCursor: string | null } = await list(`status=posted&search=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, teen.cookie);
        seen.push(...page.jobs.map((j) => j.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(posted.map((j) => j.id).sort().reverse());
    });

    it('lists a live lock as locked and a run-out lock as posted', async () => {
      const tag = `Lock${Date.now()}`;
      const job = await post({ title: tag });
      await act(job, 'accept', otherTeen.cookie);
      const ids = async (status: string) => (await list(`status=${status}&search=${tag}`, teen.cookie)).jobs.map((j) => [j.id, j.status]);
      expect(await ids('posted')).toEqual([]);
      expect(await ids('locked')).toEqual([[job.id, 'locked']]);
      expect(await ids('posted,locked')).toEqual([[job.id, 'locked']]);
      t.clock.advance(900_001);
      expect(await ids('posted')).toEqual([[job.id, 'posted']]);
      expect(await ids('locked')).toEqual([]);
      t.clock.set(NOON_BOSTON);
    });

    it('says whether a coordinator serves the job area', async () => {
      const tag = `Area${Date.now()}`;
      const served = await post({ title: tag, zipCode: '02139' });
      const unserved = await post({ title: tag, zipCode: '02141' });
      const flags = Object.fromEntries((await list(`status=posted&search=${tag}`, teen.cookie)).jobs.map((j) => [j.id, j.coordinatorSupervised]));
      expect(flags).toEqual({ [served.id]: true, [unserved.id]: false });
    });

    it('applies the category and quick filters with the spec thresholds', async () => {
      const tag = `F${Date.now()}`;
      await post({ title: `${tag} cheap long`, payAmount: '35.00', estimatedDuration: 120, category: 'cleaning' });
      await post({ title: `${tag} rich`, payAmount: '40.00', estimatedDuration: 120, category: 'lawn_care' });
      await post({ title: `${tag} quick`, payAmount: '20.00', estimatedDuration: 90, category: 'lawn_care' });
      await post({ title: `${tag} far`, payAmount: '20.00', estimatedDuration: 240, zipCode: '02138', category: 'lawn_care' });
      const titles = async (query: string) =>
        (await list(`status=posted&search=${tag}&${query}`, teen.cookie)).jobs.map((j: Job) => j.title).sort();
      expect(await titles('quick=high_pay')).toEqual([`${tag} rich`]);
      expect(await titles('quick=quick')).toEqual([`${tag} quick`]);
      expect(await titles('category=cleaning')).toEqual([`${tag} cheap long`]);
      // 02138 is about 1.9 miles from 02139: not nearby.
      expect(await titles('quick=nearby')).toEqual([`${tag} cheap long`, `${tag} quick`, `${tag} rich`]);
    });

    it('gives teens their own jobs, homeowners theirs and coordinators their area', async () => {
      const mine = await list(`teenId=${teen.user.id}&status=accepted,in_progress,completed,verified`, teen.cookie);
      expect(mine.jobs.length).toBeGreaterThan(0);
      expect(mine.jobs.every((j: Job) => j.teenId === teen.user.id)).toBe(true);
      const own = await list(`homeownerId=${homeowner.user.id}`, homeowner.cookie);
      expect(own.jobs.every((j: Job) => j.homeownerId === homeowner.user.id)).toBe(true);
      const area = await list(`status=posted&coordinatorId=${coordinator.user.id}`, coordinator.cookie);
      expect(area.jobs.length).toBeGreaterThan(0);
      expect(area.jobs.every((j: Job) => j.zipCode === '02139' && j.status === 'posted')).toBe(true);
      expect((await call('GET', `/api/jobs?coordinatorId=${teen.user.id}`, coordinator.cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/jobs?teenId=${teen.user.id}`, homeowner.cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/jobs?coordinatorId=${coordinator.user.id}`, homeowner.cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/jobs?homeownerId=${teen.user.id}`, homeowner.cookie)).statusCode).toBe(403);
    });

    it("lets a coordinator narrow their area's list to one teen or homeowner, and no further", async () => {
      const inArea = await post({ zipCode: '02139' });
      const outside = await post({ zipCode: '02141' });
      for (const job of [inArea, outside]) {
        await act(job, 'accept', teen.cookie);
        await act(job, 'accept', teen.cookie);
      }
      const teenIds = (await list(`teenId=${teen.user.id}&status=accepted`, coordinator.cookie)).jobs.map((j) => j.id);
      expect(teenIds).toContain(inArea.id);
      expect(teenIds).not.toContain(outside.id);
      const homeownerJobs = (await list(`homeownerId=${homeowner.user.id}&status=accepted`, coordinator.cookie)).jobs;
      expect(homeownerJobs.map((j) => j.id)).toContain(inArea.id);
      expect(homeownerJobs.every((j) => j.zipCode === '02139')).toBe(true);
      for (const job of [inArea, outside]) await act(job, 'cancel', homeowner.cookie);
    });

    it.each([
      ['status=unknown'],
      ['limit=0'],
      ['limit=101'],
      ['quick=cheap'],
      ['cursor=garbage'],
      // Cursors this server never wrote: a date PostgreSQL cannot store, and an id of dashes.
      [`cursor=${Buffer.from('+275760-09-13T00:00:00.000Z|6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e').toString('base64url')}`],
      [`cursor=${Buffer.from('-271821-04-20T00:00:00.000Z|6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e').toString('base64url')}`],
      [`cursor=${Buffer.from(`2026-06-15T16:00:00.000Z|${'-'.repeat(36)}`).toString('base64url')}`],
      [`search=${'x'.repeat(101)}`],
      ['search=a%00b'],
      ['teenId=not-a-uuid'],
    ])('refuses the bad query %s with 400', async (query) => {
      const response = await call('GET', `/api/jobs?${query}`, teen.cookie);
      expect(response.statusCode).toBe(400);
    });

    it('needs a session', async () => {
      expect((await call('GET', '/api/jobs?status=posted')).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/{id}/job-summary', () => {
    it("counts a homeowner's jobs for that homeowner only", async () => {
      const fresh = await signUp(t, 'homeowner');
      await post({}, fresh.cookie);
      const summary = (await call('GET', `/api/users/${fresh.user.id}/job-summary`, fresh.cookie)).json();
      expect(summary).toEqual({ jobsPosted: 1, totalSpent: '0.00', activeJobs: 0, inProgress: 0 });
      expect((await call('GET', `/api/users/${fresh.user.id}/job-summary`, homeowner.cookie)).statusCode).toBe(403);
    });
  });
});
