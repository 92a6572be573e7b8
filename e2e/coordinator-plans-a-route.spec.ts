import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';
import { expectAccessibleOnceToastsAreGone, expectNoAccessibilityViolations } from './support/axe';
import { postJobs } from './support/jobs';

const routesFigure = (page: Page) => page.locator('dt', { hasText: /^Routes$/ }).locator('+ dd');

/** The 'Routes' figure of Route Analytics: 0 while the screen says no route is saved. */
async function routesCount(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'Route Analytics' }).click();
  const none = page.getByText('No routes saved yet');
  await expect(none.or(routesFigure(page))).toBeVisible();
  return (await none.isVisible()) ? 0 : Number(await routesFigure(page).textContent());
}

test('the demo coordinator picks jobs, optimizes the round, saves it, follows it in Existing Routes and sees the analytics change', async ({ page, request }) => {
  // Jobs of the journey's own, so it never routes through another journey's (which may be cancelled meanwhile).
  const jobs = await postJobs(request, 3, { title: 'Route stop' });

  await signIn(page, DEMO.coordinator);
  await expect(page).toHaveURL(/\/route-optimizer$/);
  const tabs = page.getByRole('tablist', { name: 'Route optimizer sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Route Optimizer', 'Existing Routes', 'Route Analytics']);
  const before = await routesCount(page);
  await expectNoAccessibilityViolations(page);

  await page.getByRole('tab', { name: 'Route Optimizer' }).click();
  await expect(page.getByRole('list', { name: 'Your teens' }).or(page.getByText('No teens in your area yet.'))).toBeVisible();
  const picker = page.getByRole('group', { name: 'Jobs to Visit' });
  await expect(page.getByRole('button', { name: 'Optimize Route' })).toBeDisabled();
  for (const job of jobs) await picker.getByRole('checkbox', { name: job.title }).check();
  await expect(picker.getByText(/^3 of \d+ selected$/)).toBeVisible();
  await page.getByRole('button', { name: 'Optimize Route' }).click();

  await expect(page.getByRole('heading', { name: 'Optimized Route' })).toBeVisible();
  const stops = page.getByRole('list', { name: 'Stops in order' }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  await expect(stops.first()).toContainText(/Arrive \d{1,2}:\d{2} [AP]M · \d+\.\d{2} mi, \d+(h|m)/);
  await expect(page.locator('dt', { hasText: 'Total distance' }).locator('+ dd')).toHaveText(/^\d+\.\d{2} mi$/);
  await expect(page.locator('dt', { hasText: 'Estimated duration' }).locator('+ dd')).toHaveText(/^(\d+h)?( ?\d+m)?$/);
  // Three stops are solved exactly.
  await expect(page.getByText('exact', { exact: true })).toBeVisible();
  const map = page.getByRole('img', { name: 'Map of the route: 3 stops in order, starting and ending at S' });
  await expect(map).toBeVisible();
  await expect(map.locator('text')).toHaveText(['S', '1', '2', '3']);
  await expectNoAccessibilityViolations(page);

  const name = `Round ${jobs[0]!.tag}`;
  await page.getByLabel('Route name').fill(name);
  await page.getByRole('button', { name: 'Save Route' }).click();
  await expect(page.getByText('Route saved!')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Existing Routes' })).toHaveAttribute('aria-selected', 'true');
  const route = page.getByRole('article', { name });
  await expect(route.getByText('Planned')).toBeVisible();
  await expect(route.locator('dt', { hasText: 'Stops' }).locator('+ dd')).toHaveText('3');
  await expect(route.locator('dt', { hasText: 'Distance' }).locator('+ dd')).toHaveText(/^\d+\.\d{2} mi$/);
  await route.getByRole('button', { name: 'Show the stops' }).click();
  await expect(route.getByRole('link', { name: /^Open job to verify/ })).toHaveCount(3);
  await expectAccessibleOnceToastsAreGone(page);

  await route.getByRole('button', { name: 'Start Route' }).click();
  await expect(route.getByText('In Progress')).toBeVisible();
  await route.getByRole('button', { name: 'Mark Visited (stop 1)' }).click();
  await expect(route.locator('dt', { hasText: 'Stops' }).locator('+ dd')).toHaveText('1 of 3 visited');
  await route.getByRole('button', { name: 'Complete Route' }).click();
  await expect(route.getByText('Completed')).toBeVisible();

  await page.getByRole('tab', { name: 'Route Analytics' }).click();
  // The figures are the server's, computed again from the saved routes.
  await expect(routesFigure(page)).toHaveText(String(before + 1));
  await expect(page.locator('dt', { hasText: 'Stops visited' }).locator('+ dd')).not.toHaveText('0');
  const chart = page.getByRole('figure', { name: 'Distance saved per route' });
  await expect(chart.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expectAccessibleOnceToastsAreGone(page);
});
