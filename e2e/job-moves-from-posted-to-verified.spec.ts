import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';
import { acceptAsTeen, postJob, releaseLocksOf, signedInPage } from './support/jobs';

// These journeys are the second demo teen's (the lock journeys of teen-locks-and-accepts-a-job use
// the first), one after another: a teen holds one live lock at a time.
test.describe.configure({ mode: 'default' });

test.afterEach(async ({ request }) => {
  await releaseLocksOf(request, DEMO.secondTeen);
});

const postDeckJob = (request: APIRequestContext) =>
  postJob(request, {
    title: 'Sweep the deck',
    description: 'Sweep the back deck and move the planters.',
    category: 'outdoor_maintenance',
    payAmount: '30.00',
    estimatedDuration: 90,
    location: 'Oxford St',
    safetyNotes: null,
    physicalDemands: 'medium',
    equipment: [],
  });

/** 'Started Jun 15, 2026, 2:05 PM': a card's time line (features/jobs/format.ts formatDateTime). */
const DATE_TIME = (label: string) => new RegExp(`^${label} [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M$`);

test('a job moves from posted to verified: the teen works it, the coordinator verifies it, the homeowner sees it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const job = await postDeckJob(request);
  await signIn(page, DEMO.secondTeen);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  await acceptAsTeen(page, job.id);

  await page.goto('/active-jobs');
  await expect(page.getByRole('heading', { name: 'Active Jobs', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: job.title });
  await expect(card.getByText('Status: Accepted')).toBeVisible();
  await expect(card.getByText('Waiting for coordinator contact')).toBeVisible();
  await expect(card.getByText('Pay: $30')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Job facts' }).getByRole('listitem')).toHaveText(['Duration: 1h 30m', 'Distance: Near you']);
  await expect(card.getByText('Sweep the back deck and move the planters.')).toBeVisible();

  // The second demo teen is 15: the server's TIMEZONE is one where it is midday (playwright.config.ts),
  // inside Yardly's hours and those of his age, so the start is open.
  await expect(card.getByRole('button', { name: 'Start Job' })).toBeEnabled();
  await card.getByRole('button', { name: 'Start Job' }).click();
  await expect(page.getByText('Job Started')).toBeVisible();
  await expect(card.getByText('Status: In Progress')).toBeVisible();
  await expect(card.getByText('Work is being done')).toBeVisible();
  await card.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(page.getByText('Job Completed')).toBeVisible();
  await expect(card.getByText('Status: Completed')).toBeVisible();
  await expect(card.getByText('Waiting for verification')).toBeVisible();

  const coordinator = await signedInPage(browser, baseURL, DEMO.coordinator, /\/route-optimizer$/);
  await coordinator.getByRole('link', { name: 'Verification Queue' }).click();
  await expect(coordinator).toHaveURL(/\/verification$/);
  await expect(coordinator.getByRole('heading', { name: 'Verification Queue', level: 1 })).toBeVisible();
  const queued = coordinator.getByRole('region', { name: 'Waiting for Verification' }).getByRole('article', { name: job.title });
  // Whom and when the coordinator verifies: the teen's full name, and the app's date-and-time format.
  await expect(queued.getByText('Taken by Jordan Kim')).toBeVisible();
  await expect(queued.getByText(DATE_TIME('Started'))).toBeVisible();
  await expect(queued.getByText(DATE_TIME('Completed'))).toBeVisible();
  await expect(queued.getByText('Location: Oxford St')).toBeVisible();
  await queued.getByRole('button', { name: 'Verify Work' }).click();
  await coordinator.getByRole('alertdialog', { name: 'Verify this work?' }).getByRole('button', { name: 'Verify Work' }).click();
  await expect(coordinator.getByText('Work verified')).toBeVisible();
  await expect(queued).toHaveCount(0);
  await coordinator.context().close();

  const homeowner = await signedInPage(browser, baseURL, DEMO.homeowner, /\/homeowner-dashboard$/);
  await homeowner.goto('/active-jobs');
  const theirs = homeowner.getByRole('article', { name: job.title });
  // Privacy: the homeowner reads the teen's first name and last initial, never the last name.
  await expect(theirs.getByText('Taken by Jordan K.')).toBeVisible();
  await expect(theirs).not.toContainText('Kim');
  await expect(theirs.getByText('Status: Verified')).toBeVisible();
  await expect(theirs.getByText('Ready for payment')).toBeVisible();
  // The teen's buttons are not the homeowner's.
  await expect(theirs.getByRole('button', { name: 'Start Job' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Mark Completed' })).toHaveCount(0);
  await homeowner.goto(`/job/${job.id}`);
  await expect(homeowner.getByText('Status: Verified')).toBeVisible();
  await expect(homeowner.getByText('Taken by', { exact: true })).toBeVisible();
  await expect(homeowner.getByText('Jordan K.', { exact: true })).toBeVisible();
  await expect(homeowner.locator('main')).not.toContainText('Kim');
  await homeowner.context().close();
});

test('a teen withdraws from an accepted job and it opens up again', async ({ page, request }) => {
  const job = await postDeckJob(request);
  await signIn(page, DEMO.secondTeen);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  await acceptAsTeen(page, job.id);

  await page.goto('/active-jobs');
  const card = page.getByRole('article', { name: job.title });
  await card.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Withdraw from this job?' });
  await expect(dialog).toContainText('Backing out counts against your reliability.');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Job Withdrawn')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto(`/job/${job.id}`);
  await expect(page.getByText('Status: Open')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lock the Job' })).toBeVisible();
});
