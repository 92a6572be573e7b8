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

/** Work starts only between 6 AM and 8 PM in the service's time zone (design 5: TIMEZONE, else New York). */
function isWithinWorkHours(now = new Date()): boolean {
  const timeZone = process.env.TIMEZONE || 'America/New_York';
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  return hour >= 6 && hour < 20;
}

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

  const inWorkHours = isWithinWorkHours();
  if (!inWorkHours) {
    // Outside 6 AM-8 PM the start button is there but disabled, and says why; the server refuses too.
    const startButton = card.getByRole('button', { name: 'Start Job' });
    await expect(startButton).toBeDisabled();
    await expect(startButton).toHaveAccessibleDescription('Work can only start between 6 AM and 8 PM.');
    await expect(card.getByText('Work can only start between 6 AM and 8 PM.')).toBeVisible();
    const start = await page.request.post(`/api/jobs/${job.id}/start`, { data: {} });
    expect(start.status()).toBe(409);
    expect(await start.json()).toMatchObject({ code: 'OUTSIDE_WORK_HOURS', message: 'Work can only start between 6 AM and 8 PM.' });
  } else {
    await expect(card.getByText('Work can only start between 6 AM and 8 PM.')).toHaveCount(0);
    await card.getByRole('button', { name: 'Start Job' }).click();
    await expect(page.getByText('Job Started')).toBeVisible();
    await expect(card.getByText('Status: In Progress')).toBeVisible();
    await expect(card.getByText('Work is being done')).toBeVisible();
    await card.getByRole('button', { name: 'Mark Completed' }).click();
    await expect(page.getByText('Job Completed')).toBeVisible();
    await expect(card.getByText('Status: Completed')).toBeVisible();
    await expect(card.getByText('Waiting for verification')).toBeVisible();
  }

  const coordinator = await signedInPage(browser, baseURL, DEMO.coordinator, /\/route-optimizer$/);
  await coordinator.getByRole('link', { name: 'Verification Queue' }).click();
  await expect(coordinator).toHaveURL(/\/verification$/);
  await expect(coordinator.getByRole('heading', { name: 'Verification Queue', level: 1 })).toBeVisible();
  const queue = coordinator.getByRole('region', { name: 'Waiting for Verification' });
  const queued = queue.getByRole('article', { name: job.title });
  if (inWorkHours) {
    // Whom and when the coordinator verifies: the teen's full name, and the app's date-and-time format.
    await expect(queued.getByText('Taken by Jordan Kim')).toBeVisible();
    await expect(queued.getByText(DATE_TIME('Started'))).toBeVisible();
    await expect(queued.getByText(DATE_TIME('Completed'))).toBeVisible();
    await expect(queued.getByText('Location: Oxford St')).toBeVisible();
    await queued.getByRole('button', { name: 'Verify Work' }).click();
    await coordinator.getByRole('alertdialog', { name: 'Verify this work?' }).getByRole('button', { name: 'Verify Work' }).click();
    await expect(coordinator.getByText('Work verified')).toBeVisible();
    await expect(queued).toHaveCount(0);
  } else {
    await expect(queue.getByRole('heading', { level: 2 })).toHaveText('Waiting for Verification');
    await expect(queued).toHaveCount(0);
  }
  await coordinator.context().close();

  const homeowner = await signedInPage(browser, baseURL, DEMO.homeowner, /\/homeowner-dashboard$/);
  await homeowner.goto('/active-jobs');
  const theirs = homeowner.getByRole('article', { name: job.title });
  // Privacy: the homeowner reads the teen's first name and last initial, never the last name.
  await expect(theirs.getByText('Taken by Jordan K.')).toBeVisible();
  await expect(theirs).not.toContainText('Kim');
  if (inWorkHours) {
    await expect(theirs.getByText('Status: Verified')).toBeVisible();
    await expect(theirs.getByText('Ready for payment')).toBeVisible();
  } else {
    await expect(theirs.getByText('Status: Accepted')).toBeVisible();
  }
  // The teen's buttons are not the homeowner's.
  await expect(theirs.getByRole('button', { name: 'Start Job' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Mark Completed' })).toHaveCount(0);
  await homeowner.goto(`/job/${job.id}`);
  await expect(homeowner.getByText(inWorkHours ? 'Status: Verified' : 'Status: Accepted')).toBeVisible();
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
