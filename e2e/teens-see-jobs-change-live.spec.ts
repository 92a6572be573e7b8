import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { markNoReload, newConsentedTeenPage, newPersonPage, openExplorer, postJobAsSignedIn } from './support/jobs';

test('the explorer drops a job another teen just took and shows it again when they back out; details, active jobs and the homeowner’s bell follow without reloading', async ({
  browser,
  baseURL,
}) => {
  const homeowner = await newPersonPage(browser, baseURL, 'homeowner');
  const job = await postJobAsSignedIn(homeowner.request, { title: 'Stack firewood' });
  const viewer = await newPersonPage(browser, baseURL, 'teen');
  const taker = await newConsentedTeenPage(browser, baseURL);

  await openExplorer(viewer);
  await viewer.getByLabel('Search jobs').fill(job.tag);
  const card = viewer.getByRole('list', { name: 'Available jobs' }).getByRole('article', { name: job.title });
  await expect(card).toBeVisible();
  const details = await viewer.context().newPage();
  await details.goto(`/job/${job.id}`);
  await expect(details.getByText('Status: Open')).toBeVisible();
  await homeowner.goto('/active-jobs');
  await expect(homeowner.getByRole('heading', { name: 'No active jobs' })).toBeVisible();
  const untouched = await Promise.all([viewer, details, homeowner].map(markNoReload));

  // Another teen locks the job: it leaves the explorer, and its details show it locked.
  const takerId = ((await (await taker.request.get('/api/auth/me')).json()) as { id: string }).id;
  const take = () => taker.request.post(`/api/jobs/${job.id}/accept`, { data: { teenId: takerId } });
  expect((await take()).status()).toBe(200);
  await expect(card).toHaveCount(0);
  await expect(viewer.getByRole('heading', { name: 'No jobs found matching your criteria' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Job Temporarily Locked' })).toBeVisible();

  // They accept it: it is theirs, shown to other teens only as taken ('Job Accepted!' for others), and on the homeowner's active jobs.
  expect((await take()).status()).toBe(200);
  await expect(details.getByRole('heading', { name: 'Job Accepted!' })).toBeVisible();
  await expect(details.getByText('A teen has accepted this job.')).toBeVisible();
  const active = homeowner.getByRole('list', { name: 'Active jobs' }).getByRole('article', { name: job.title });
  await expect(active).toBeVisible();

  // They back out: the job is open again, everywhere, at once.
  expect((await taker.request.post(`/api/jobs/${job.id}/withdraw`, { data: {} })).status()).toBe(200);
  await expect(card).toBeVisible();
  await expect(details.getByText('Status: Open')).toBeVisible();
  await expect(active).toHaveCount(0);
  for (const check of untouched) await check();
  await taker.context().close();

  // The homeowner was told of both, newest first, and reads one, then all.
  await homeowner.goto('/homeowner-dashboard');
  const bell = homeowner.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(homeowner.getByTestId('unread-dot')).toBeVisible();
  await bell.click();
  const list = homeowner.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('article').getByRole('heading')).toHaveText(['Unread: Teen withdrew', 'Unread: Job accepted']);
  await expect(list.getByRole('article', { name: 'Unread: Job accepted' })).toContainText(`A teen accepted “${job.title}”.`);
  await expect(homeowner.getByText('2 unread')).toBeVisible();
  await expectNoAccessibilityViolations(homeowner);
  await list.getByRole('article', { name: 'Unread: Job accepted' }).getByRole('button', { name: 'Mark as read' }).click();
  await expect(homeowner.getByText('1 unread')).toBeVisible();
  await expect(list.getByRole('article').last().getByRole('heading')).toHaveText('Job accepted');
  await homeowner.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(homeowner.getByText('All caught up')).toBeVisible();
  await expect(homeowner.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expectNoAccessibilityViolations(homeowner);
  await homeowner.getByRole('link', { name: 'Back to home' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(homeowner.getByTestId('unread-dot')).toHaveCount(0);

  // A teen with nothing yet: the list says so, accessibly.
  await viewer.goto('/notifications');
  await expect(viewer.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  await expectNoAccessibilityViolations(viewer);
  await Promise.all([viewer.context().close(), homeowner.context().close()]);
});
