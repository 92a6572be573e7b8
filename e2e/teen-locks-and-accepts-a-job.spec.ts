import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, freshPerson, signIn } from './support/accounts';
import { expectAccessibleOnceToastsAreGone } from './support/axe';
import { openExplorer, postJob, releaseLocksOf, signedInPage } from './support/jobs';

// A teen holds one live lock at a time: the journeys of this file, all the demo teen's, run one after
// another so their locks never meet. Other files' lock journeys use the second demo teen.
test.describe.configure({ mode: 'default' });

test.afterEach(async ({ request }) => {
  await releaseLocksOf(request, DEMO.teen);
});

/** A signed-in page for a new teen without parental consent, in its own browser context. */
async function newTeenWithoutConsent(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const page = await context.newPage();
  const teen = freshPerson('teen');
  const registered = await page.request.post('/api/auth/register', { data: { ...teen, role: 'teen' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(page, teen.email, teen.password);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  return page;
}

async function signInDemoTeen(page: Page): Promise<void> {
  await signIn(page, DEMO.teen);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
}

test('a teen finds a job with search and filters, locks it, watches the countdown and accepts it', async ({ page, request, browser, baseURL }) => {
  const job = await postJob(request);
  await signInDemoTeen(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/job-explorer$/);

  await page.getByLabel('Search jobs').fill(job.tag);
  const list = page.getByRole('list', { name: 'Available jobs' });
  const card = list.getByRole('article', { name: job.title });
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(card.getByRole('list', { name: 'Job facts' }).getByRole('listitem')).toHaveText(['Leaf Raking', 'Duration: 2h', 'Distance: Near you']);
  await expect(card.getByText('Pay: $45')).toBeVisible();
  await expect(card.getByText('Physical demands: Hard')).toBeVisible();
  await expect(card.getByText('Location: Front yard on Broadway')).toBeVisible();
  await expect(card.getByText('Safety notes: Mind the uneven brick path.')).toBeVisible();

  // Every filter is applied by the server.
  const empty = page.getByRole('heading', { name: 'No jobs found matching your criteria' });
  await page.getByLabel('Category').selectOption({ label: 'Cleaning' });
  await expect(empty).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Leaf Raking' });
  await expect(card).toBeVisible();
  const quick = page.getByRole('radiogroup', { name: 'Quick filter' });
  await quick.getByRole('radio', { name: '≤ 90 min' }).click();
  await expect(empty).toBeVisible();
  await quick.getByRole('radio', { name: '≤ 1.5 mi' }).click();
  await expect(card).toBeVisible();
  // While a new filter loads, the last results stay on screen, marked busy.
  await quick.getByRole('radio', { name: '$40+' }).click();
  await expect(quick.getByRole('radio', { name: '$40+' })).toBeChecked();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
  await expect(page.getByRole('heading', { name: job.title })).toBeVisible();
  await expect(page.getByText('Status: Open')).toBeVisible();
  await expect(page.getByText('Locking gives you 15 minutes to decide.')).toBeVisible();

  await page.getByRole('button', { name: 'Lock the Job' }).click();
  await expect(page.getByText('Job Locked!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job Locked for You' })).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Time left on your lock' });
  await expect(timer).toHaveText(/^1[45]:\d\d$/);
  const bar = page.getByRole('progressbar', { name: 'Time left on your lock' });
  await expect(bar).toHaveAttribute('aria-valuemax', '900');
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(800);
  // Recalculated every second.
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!, { timeout: 3_000 });
  await expectAccessibleOnceToastsAreGone(page);

  // Another teen sees the job as locked, and cannot lock it.
  const otherTeen = await newTeenWithoutConsent(browser, baseURL);
  await otherTeen.goto(`/job/${job.id}`);
  await expect(otherTeen.getByRole('heading', { name: 'Job Temporarily Locked' })).toBeVisible();
  await expect(otherTeen.getByRole('button', { name: 'Lock the Job' })).toHaveCount(0);
  // Locked, and until when, but never by whom (issue 20).
  const seenByOther = (await (await otherTeen.request.get(`/api/jobs/${job.id}`)).json()) as { teenId: string | null; lockExpiresAt: string | null };
  expect(seenByOther.teenId).toBeNull();
  expect(seenByOther.lockExpiresAt).not.toBeNull();

  await page.getByRole('button', { name: 'Accept Job' }).click();
  await expect(page.getByText('Job Accepted!').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job Accepted!' })).toBeVisible();
  await expect(page.getByText('You accepted this job.')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);

  // Once accepted, another teen sees that it was taken (spec 2: 'Job Accepted!' with the text for
  // others), but not where it is.
  await otherTeen.reload();
  await expect(otherTeen.getByRole('heading', { name: 'Job Accepted!' })).toBeVisible();
  await expect(otherTeen.getByText('A teen has accepted this job.')).toBeVisible();
  await expect(otherTeen.getByText('Front yard on Broadway')).toHaveCount(0);
  // A job that is not theirs to see is not found, with the way back to the jobs.
  await otherTeen.goto('/job/00000000-0000-4000-8000-000000000000');
  await expect(otherTeen.getByRole('heading', { name: 'Job not found' })).toBeVisible();
  await otherTeen.getByRole('link', { name: 'Go Back' }).click();
  await expect(otherTeen).toHaveURL(/\/jobs$/);
  await expect(otherTeen.getByRole('heading', { name: 'Open Jobs', level: 1 })).toBeVisible();
  await otherTeen.context().close();

  // The homeowner sees who has it: the accepted message for others.
  const owner = await signedInPage(browser, baseURL, DEMO.homeowner, /\/homeowner-dashboard$/);
  await owner.goto(`/job/${job.id}`);
  await expect(owner.getByRole('heading', { name: 'Job Accepted!' })).toBeVisible();
  await expect(owner.getByText('A teen has accepted this job.')).toBeVisible();
  await owner.context().close();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Active' }).click();
  const active = page.getByRole('article', { name: job.title });
  await expect(active.getByText('Status: Accepted')).toBeVisible();
  await expect(active.getByText('Waiting for coordinator contact')).toBeVisible();
});

test('a teen locks a job and releases it for others, and waits 15 minutes to lock it again', async ({ page, request }) => {
  const job = await postJob(request, { location: '12 Elm St, Cambridge' });
  await signInDemoTeen(page);
  await page.goto(`/job/${job.id}`);
  // While the job is open a teen sees its street, not the house number (issue 20).
  await expect(page.getByText('Elm St, Cambridge')).toBeVisible();
  await expect(page.getByText('The house number is shared once you accept.')).toBeVisible();
  await expect(page.getByText('12 Elm St')).toHaveCount(0);
  await page.getByRole('button', { name: 'Lock the Job' }).click();
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
  await page.getByRole('button', { name: 'Release Lock' }).click();
  await expect(page.getByText('Job Released')).toBeVisible();
  await expect(page.getByText('Status: Open')).toBeVisible();
  // Locks are fair: the teen who let it go cannot take it back at once, and is told when they can.
  await expect(page.getByRole('button', { name: 'Lock the Job' })).toBeDisabled();
  const cooldown = /^You released this job\. You can lock it again at \d{1,2}:\d\d [AP]M\.$/;
  await expect(page.getByText(cooldown)).toBeVisible();
  // The explorer says the same instead of offering the job again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
  await page.getByLabel('Search jobs').fill(job.tag);
  const card = page.getByRole('list', { name: 'Available jobs' }).getByRole('article', { name: job.title });
  await expect(card.getByRole('button', { name: 'Accept Job' })).toBeDisabled();
  await expect(card.getByText(cooldown)).toBeVisible();
});

test('a teen without consent is stopped before the dialog; a teen with consent accepts from the explorer in one step', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const job = await postJob(request, { physicalDemands: 'easy', safetyNotes: null });
  const tag = job.tag;

  const newTeen = await newTeenWithoutConsent(browser, baseURL);
  await openExplorer(newTeen);
  await newTeen.getByLabel('Search jobs').fill(tag);
  await expect(newTeen.getByRole('list', { name: 'Available jobs' }).getByRole('article')).toHaveCount(1);
  const theirCard = newTeen.getByRole('article', { name: job.title });
  await expect(theirCard.getByText('Physical demands: Easy')).toBeVisible();
  await theirCard.getByRole('button', { name: 'Accept Job' }).click();
  await expect(newTeen.getByText('Parental consent required')).toBeVisible();
  await expect(newTeen.getByText('You need parental consent before accepting jobs.')).toBeVisible();
  await expect(newTeen.getByRole('alertdialog')).toHaveCount(0);
  // The details screen shows the lock as to any teen, and its tap stops them the same way.
  await newTeen.getByRole('button', { name: 'Close toast' }).click();
  await expect(newTeen.locator('[data-sonner-toast]')).toHaveCount(0);
  await theirCard.getByRole('link', { name: 'Details' }).click();
  await expect(newTeen.getByText('Locking gives you 15 minutes to decide.')).toBeVisible();
  await newTeen.getByRole('button', { name: 'Lock the Job' }).click();
  await expect(newTeen.getByText('Parental consent required')).toBeVisible();
  await expect(newTeen.getByText('You need parental consent before accepting jobs.')).toBeVisible();
  await expect(newTeen.getByText('Status: Open')).toBeVisible();
  await expect(newTeen.getByRole('timer')).toHaveCount(0);
  await newTeen.context().close();

  await signInDemoTeen(page);
  await openExplorer(page);
  await page.getByLabel('Search jobs').fill(tag);
  await expect(page.getByRole('list', { name: 'Available jobs' }).getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article', { name: job.title });
  await card.getByRole('button', { name: 'Accept Job' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Accept this job?' });
  await expect(dialog).toContainText(job.title);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
  await card.getByRole('button', { name: 'Accept Job' }).click();
  await dialog.getByRole('button', { name: 'Yes, Accept Job' }).click();
  await expect(page.getByText('Job Accepted!')).toBeVisible();
  // The list refreshes: an accepted job is no longer open.
  await expect(page.getByRole('heading', { name: 'No jobs found matching your criteria' })).toBeVisible();

  const response = await page.request.get(`/api/jobs/${job.id}`);
  expect(((await response.json()) as { status: string }).status).toBe('accepted');
});
