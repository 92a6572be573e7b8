import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/axe';
import { markNoReload, newPersonPage, postJob, signedInPage, takeJob } from './support/jobs';

test('the bell lights up live when the coordinator verifies the teen’s job; the list opens the job and marks notifications read', async ({ page, browser, baseURL }) => {
  const homeowner = await newPersonPage(browser, baseURL, 'homeowner');
  const job = await postJob(homeowner.request, 'Sweep the walk');

  await signIn(page, DEMO.teen);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  const teenId = ((await (await page.request.get('/api/auth/me')).json()) as { id: string }).id;
  await takeJob(page.request, job.id, { accept: true });
  for (const step of ['start', 'complete']) {
    const response = await page.request.post(`/api/jobs/${job.id}/${step}`, { data: {} });
    expect(response.status(), await response.text()).toBe(200);
  }

  // Start from a quiet bell (other journeys share the demo teen, so clear until it stays clear).
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(async () => {
    expect((await page.request.post(`/api/notifications/${teenId}/read-all`)).status()).toBe(200);
    await expect(bell).toHaveAccessibleName('Notifications', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  const expectNoReload = await markNoReload(page);

  const coordinator = await signedInPage(browser, baseURL, DEMO.coordinator);
  await coordinator.goto('/verification');
  const queued = coordinator.getByRole('region', { name: 'Waiting for Verification' }).getByRole('article', { name: job.title });
  await queued.getByRole('button', { name: 'Verify Work' }).click();
  await expect(coordinator.getByText('Work verified')).toBeVisible();
  await coordinator.context().close();

  // The teen's screen has not been touched: the bell lights up by itself.
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

  await item.getByRole('link', { name: 'View job' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
  await expect(page.getByText('Status: Verified')).toBeVisible();
  await page.goBack();
  await expect(item.getByRole('heading')).toHaveText('Job verified');
  await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  // The homeowner heard of each step of their job, newest first, and clears them one, then all.
  await homeowner.goto('/homeowner-dashboard');
  const homeownerBell = homeowner.getByRole('link', { name: /^Notifications/ });
  await expect(homeownerBell).toHaveAccessibleName('Notifications, 4 unread');
  await homeownerBell.click();
  const list = homeowner.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('article').getByRole('heading')).toHaveText([
    'Unread: Work verified',
    'Unread: Job completed',
    'Unread: Work started',
    'Unread: Job accepted',
  ]);
  await expect(homeowner.getByText('4 unread')).toBeVisible();
  await expectNoAccessibilityViolations(homeowner);
  await list.getByRole('article', { name: 'Unread: Job accepted' }).getByRole('button', { name: 'Mark as read' }).click();
  await expect(homeowner.getByText('3 unread')).toBeVisible();
  await expect(list.getByRole('article').last().getByRole('heading')).toHaveText('Job accepted');
  await homeowner.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(homeowner.getByText('All caught up')).toBeVisible();
  await expect(homeowner.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expectNoAccessibilityViolations(homeowner);
  await homeowner.getByRole('link', { name: 'Back to home' }).click();
  await expect(homeownerBell).toHaveAccessibleName('Notifications');
  await homeowner.context().close();
});
