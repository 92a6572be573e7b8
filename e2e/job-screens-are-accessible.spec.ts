import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/axe';
import { openExplorer } from './support/jobs';

/**
 * Sonner's rich-colour toasts (app-shell's Toaster) miss AA contrast; that is reported to be fixed
 * there. These journeys check the job screens once the toasts of the last action are gone.
 */
async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAccessibilityViolations(page);
}

test("the homeowner's job screens and the cancel dialog pass WCAG 2 AA", async ({ page }) => {
  // One accessibility scan per screen: 40.5 s of the default 45 on session 5's slower machine.
  test.slow();
  await signIn(page, DEMO.homeowner);
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);
  const title = `Wash the porch ${randomUUID().slice(0, 8)}`;
  const posted = await page.request.post('/api/jobs', {
    data: {
      title,
      description: 'Hose down the porch and wipe six chairs.',
      category: 'cleaning',
      payAmount: '30.00',
      estimatedDuration: 90,
      zipCode: '02138',
      physicalDemands: 'easy',
      equipment: ['hose'],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };

  await page.goto('/homeowner-dashboard');
  await expect(page.getByRole('list', { name: 'Recent jobs' })).toBeVisible();
  await expectAccessible(page);

  for (const screen of ['/post-job', '/active-jobs', '/jobs', `/job/${id}`, '/wallet']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectAccessible(page);
  }

  // The post form with its errors showing.
  await page.goto('/post-job');
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Missing information')).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/job/${id}`);
  await page.getByRole('button', { name: 'Cancel Job' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Cancel this job?' })).toBeVisible();
  await expectAccessible(page);
  // Escape closes it and nothing was cancelled.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText('Status: Open')).toBeVisible();
});

test("the teen's explorer, job details and accept dialog pass WCAG 2 AA", async ({ page }) => {
  await signIn(page, DEMO.teen);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  await openExplorer(page);
  await expect(page.getByRole('list', { name: 'Available jobs' })).toBeVisible();
  await expectAccessible(page);

  const card = page.getByRole('list', { name: 'Available jobs' }).getByRole('article').first();
  await card.getByRole('button', { name: 'Accept Job' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Accept this job?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Not now' }).click();

  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: 'Job Details', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/active-jobs');
  await expect(page.getByRole('heading', { name: 'Active Jobs', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Recent Transactions' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/job/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Job not found' })).toBeVisible();
  await expectAccessible(page);
});

test("the coordinator's verification queue passes WCAG 2 AA", async ({ page }) => {
  await signIn(page, DEMO.coordinator);
  await expect(page).toHaveURL(/\/route-optimizer$/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Verification Queue' }).click();
  await expect(page.getByRole('heading', { name: 'Open Jobs in Your Area' })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectAccessible(page);
});
