import { randomInt, randomUUID } from 'node:crypto';
import { devices, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, freshPerson, signIn } from './accounts';
import { linkIn, waitForMail } from './mail';

/**
 * Posts a job as the demo homeowner through the API (posting through the UI is its own journey).
 * The title ends in a unique tag, so a journey can search for exactly its job.
 */
export async function postJob(request: APIRequestContext, fields: Record<string, unknown> = {}): Promise<PostedJob> {
  await signInAsHomeowner(request);
  return postAsSignedIn(request, fields, randomUUID().slice(0, 8));
}

/** Posts a job as whoever is signed in on `request` (a homeowner), with the same unique-tag title. */
export async function postJobAsSignedIn(request: APIRequestContext, fields: Record<string, unknown> = {}): Promise<PostedJob> {
  return postAsSignedIn(request, fields, randomUUID().slice(0, 8));
}

/** `count` jobs as the demo homeowner, titled `<title> <n> <tag>` with one tag for all, oldest first. */
export async function postJobs(request: APIRequestContext, count: number, fields: Record<string, unknown> = {}): Promise<PostedJob[]> {
  await signInAsHomeowner(request);
  const tag = randomUUID().slice(0, 8);
  const posted: PostedJob[] = [];
  for (let n = 1; n <= count; n++) posted.push(await postAsSignedIn(request, { ...fields, title: `${fields.title ?? DEFAULT_TITLE} ${n}` }, tag));
  return posted;
}

interface PostedJob {
  id: string;
  title: string;
  tag: string;
}

const DEFAULT_TITLE = 'Rake leaves';

async function signInAsHomeowner(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.homeowner, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

async function postAsSignedIn(request: APIRequestContext, fields: Record<string, unknown>, tag: string): Promise<PostedJob> {
  const title = `${(fields.title as string | undefined) ?? DEFAULT_TITLE} ${tag}`;
  const response = await request.post('/api/jobs', {
    data: {
      description: 'Two big maples dropped everything at once. Bags provided.',
      category: 'leaf_raking',
      payAmount: '45.00',
      estimatedDuration: 120,
      location: 'Front yard on Broadway',
      safetyNotes: 'Mind the uneven brick path.',
      zipCode: '02139',
      physicalDemands: 'hard',
      equipment: ['rake'],
      ...fields,
      title,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, title, tag };
}

/** Locks and accepts the job as the teen signed in on `page` (design 5: accept twice). */
export async function acceptAsTeen(page: Page, jobId: string): Promise<void> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  const lock = await page.request.post(`/api/jobs/${jobId}/accept`, { data: { teenId: me.id } });
  expect(lock.status(), await lock.text()).toBe(200);
  const accept = await page.request.post(`/api/jobs/${jobId}/accept`, { data: { teenId: me.id } });
  expect(accept.status(), await accept.text()).toBe(200);
  expect(((await accept.json()) as { status: string }).status).toBe('accepted');
}

/** Releases every live lock of a demo teen: a journey that fails halfway must not hold one for 15 minutes. */
export async function releaseLocksOf(request: APIRequestContext, email: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const me = (await login.json()) as { id: string };
  const locked = (await (await request.get(`/api/jobs?teenId=${me.id}&status=locked`)).json()) as { jobs: { id: string }[] };
  for (const job of locked.jobs) await request.post(`/api/jobs/${job.id}/release-lock`, { data: { teenId: me.id } });
}

/** A page in its own phone-sized browser context, signed in as `email` and landed on `home`. */
export async function signedInPage(browser: Browser, baseURL: string | undefined, email: string, home: RegExp, password = DEMO_PASSWORD): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(home);
  return page;
}

/** The demo coordinator verifies the completed job titled `title` from the verification queue, in their own browser. */
export async function verifyAsCoordinator(browser: Browser, baseURL: string | undefined, title: string): Promise<void> {
  const coordinator = await signedInPage(browser, baseURL, DEMO.coordinator, /\/route-optimizer$/);
  await coordinator.goto('/verification');
  const queued = coordinator.getByRole('region', { name: 'Waiting for Verification' }).getByRole('article', { name: title });
  await queued.getByRole('button', { name: 'Verify Work' }).click();
  await coordinator.getByRole('alertdialog', { name: 'Verify this work?' }).getByRole('button', { name: 'Verify Work' }).click();
  await expect(coordinator.getByText('Work verified')).toBeVisible();
  await expect(queued).toHaveCount(0);
  await coordinator.context().close();
}

/** A person who just signed up, in their own phone-sized browser context, on their home screen. */
export async function newPersonPage(browser: Browser, baseURL: string | undefined, role: 'teen' | 'homeowner'): Promise<Page> {
  const person = freshPerson(role);
  // Their own address (the e2e server trusts the loopback proxy): as many people as the journeys
  // need sign up, each within the per-address limits.
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  const registered = await page.request.post('/api/auth/register', { data: { ...person, role } });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(role === 'teen' ? /\/teen-dashboard$/ : /\/homeowner-dashboard$/);
  return page;
}

/**
 * A new teen whose parent has signed consent (through the emailed link, by API): a teen of the
 * journey's own, so no other journey's locks or notifications ever meet it.
 */
export async function newConsentedTeenPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await newPersonPage(browser, baseURL, 'teen');
  const parentEmail = `parent.${randomUUID().slice(0, 8)}@example.com`;
  const sent = await page.request.post('/api/parental-consent/send', { data: { parentName: 'Pat Parent', parentEmail, parentPhone: '617-555-0100' } });
  expect(sent.status(), await sent.text()).toBe(201);
  const token = linkIn(await waitForMail(parentEmail, 'asks for your consent'), `${baseURL}/consent/`).split('/consent/')[1]!;
  const signed = await page.request.post(`/api/parental-consent/${token}/sign`, { data: { signatureName: 'Pat Parent', teenDateOfBirth: '2010-03-14', agree: true } });
  expect(signed.status(), await signed.text()).toBe(200);
  return page;
}

/**
 * Opens the job explorer and waits until React has hydrated its server-rendered HTML: until then
 * its controls are drawn disabled (src/web/lib/use-hydrated.ts).
 */
export async function openExplorer(page: Page): Promise<void> {
  await page.goto('/job-explorer');
  await expect(page.getByLabel('Search jobs')).toBeEnabled();
}

/** A page that must not reload during a journey: the returned check fails if it did. */
export async function markNoReload(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => Object.assign(window, { __noReload: true }));
  return async () => expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}
