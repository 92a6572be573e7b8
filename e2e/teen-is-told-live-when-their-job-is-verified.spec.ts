import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';
import { markNoReload, verifyAsCoordinator } from './support/jobs';

/**
 * The demo teen's seeded job that is already in progress: completing it needs no 6 AM-8 PM window
 * (only starting does), so this journey runs at any hour. No other journey touches it.
 */
const IN_PROGRESS_DEMO_JOB = 'Weed the front walk';

test('the bell lights up live when the coordinator verifies the teen’s job, and the list opens the job and marks it read', async ({ page, browser, baseURL }) => {
  await signIn(page, DEMO.teen);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  const teenId = ((await (await page.request.get('/api/auth/me')).json()) as { id: string }).id;
  const mine = (await (await page.request.get(`/api/jobs?teenId=${teenId}&status=in_progress`)).json()) as { jobs: { id: string; title: string }[] };
  const job = mine.jobs.find((j) => j.title === IN_PROGRESS_DEMO_JOB)!;
  expect(job).toBeTruthy();
  const completed = await page.request.post(`/api/jobs/${job.id}/complete`, { data: {} });
  expect(completed.status(), await completed.text()).toBe(200);

  // Start from a quiet bell (other journeys share the demo teen, so clear until it stays clear).
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(async () => {
    expect((await page.request.post(`/api/notifications/${teenId}/read-all`)).status()).toBe(200);
    await expect(bell).toHaveAccessibleName('Notifications', { timeout: 2000 });
    // In the same attempt: another journey's notice may land between two separate checks.
    await expect(page.getByTestId('unread-dot')).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const expectNoReload = await markNoReload(page);

  await verifyAsCoordinator(browser, baseURL, job.title);

  // Nothing touched the teen's screen: the bell lights up by itself.
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await expect(page.getByTestId('unread-dot')).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const item = page.getByRole('article').filter({ hasText: job.title });
  await expect(item.getByRole('heading')).toHaveText('Unread: Job verified');
  await expect(item).toContainText(`Great work! A coordinator verified “${job.title}”.`);
  await expect(item.locator('time')).toHaveText('Just now');
  await expectNoReload();

  // Opening the job reads the notification.
  await item.getByRole('link', { name: 'View job' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
  await expect(page.getByText('Status: Verified')).toBeVisible();
  await page.goBack();
  await expect(item.getByRole('heading')).toHaveText('Job verified');
  await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
});
