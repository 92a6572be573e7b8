import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { demoTeenApi, markNoReload, newPersonPage, postJob, takeJob } from './support/jobs';

test('the explorer drops a job another teen just took and shows it again when they back out; details and active jobs follow, all without reloading', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const homeowner = await newPersonPage(browser, baseURL, 'homeowner');
  const job = await postJob(homeowner.request, 'Stack firewood');
  const viewer = await newPersonPage(browser, baseURL, 'teen');

  await viewer.goto('/job-explorer');
  await viewer.getByLabel('Search jobs').fill(job.title);
  const card = viewer.getByRole('list', { name: 'Available jobs' }).getByRole('article', { name: job.title });
  await expect(card).toBeVisible();
  const details = await viewer.context().newPage();
  await details.goto(`/job/${job.id}`);
  await expect(details.getByText('Status: Open')).toBeVisible();
  await homeowner.goto('/active-jobs');
  await expect(homeowner.getByRole('heading', { name: 'No active jobs' })).toBeVisible();
  const untouched = await Promise.all([viewer, details, homeowner].map(markNoReload));

  // The demo teen (the one with consent) takes the job: locked and accepted at once, so the lock
  // other journeys need is held for a moment only.
  const demoTeen = await demoTeenApi(playwright, baseURL);
  try {
    await takeJob(demoTeen, job.id, { accept: true });
    await expect(card).toHaveCount(0);
    await expect(viewer.getByRole('heading', { name: 'No jobs found matching your criteria' })).toBeVisible();
    await expect(details.getByRole('heading', { name: 'Job not found' })).toBeVisible();
    const active = homeowner.getByRole('list', { name: 'Active jobs' }).getByRole('article', { name: job.title });
    await expect(active).toBeVisible();

    // The teen backs out: the job is open again, everywhere, at once.
    expect((await demoTeen.post(`/api/jobs/${job.id}/withdraw`, { data: {} })).status()).toBe(200);
    await expect(card).toBeVisible();
    await expect(details.getByText('Status: Open')).toBeVisible();
    await expect(active).toHaveCount(0);
    for (const check of untouched) await check();
  } finally {
    await demoTeen.dispose();
  }

  // A new teen has no notifications yet: the list says so, accessibly.
  await viewer.goto('/notifications');
  await expect(viewer.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  await expectNoAccessibilityViolations(viewer);
  await Promise.all([viewer.context().close(), homeowner.context().close()]);
});
