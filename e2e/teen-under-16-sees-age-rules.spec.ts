import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';
import { expectAccessibleOnceToastsAreGone, expectNoAccessibilityViolations } from './support/axe';
import { openExplorer, postJob, signedInPage } from './support/jobs';

/** Jordan, the seeded demo teen who is 15 (src/server/db/seed.ts): the rules for 14- and 15-year-olds apply. */
const TEEN_OF_15 = DEMO.secondTeen;

test('a 15-year-old sees Ages 16+ on a mower job and, on its details, why not and what is open instead', async ({ page, browser, baseURL }) => {
  test.slow();
  const mowing = await postJob(page.request, { title: 'Mow the back lawn', category: 'lawn_care', equipment: ['lawn_mower'] });
  await page.request.post('/api/auth/logout');

  await signIn(page, TEEN_OF_15);
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  // Their dashboard counts their hours against the limits for their age, each with its rule.
  const hours = page.getByRole('region', { name: 'Work hours' });
  await expect(hours.getByRole('progressbar', { name: 'Today: hours used' })).toBeVisible();
  await expect(hours).toContainText('29 CFR 570.35');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expectAccessibleOnceToastsAreGone(page);
  await openExplorer(page);
  await page.getByLabel('Search jobs').fill(mowing.tag);
  const list = page.getByRole('list', { name: 'Available jobs' });
  const mowerCard = list.getByRole('article', { name: mowing.title });
  await expect(mowerCard.getByText('Ages 16+', { exact: true })).toBeVisible();

  await mowerCard.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${mowing.id}$`));
  const refusal = page.getByRole('region', { name: "You can't take this job" });
  await expect(refusal).toContainText('Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).');
  await expect(refusal).toContainText('Jobs that need only hand tools are open to you.');
  await expect(refusal.getByRole('list', { name: 'The rules that apply' })).toContainText('29 CFR 570.33');
  await expect(page.getByRole('button', { name: 'Lock the Job' })).toHaveCount(0);
  await expect(page.getByText('Ages 16+', { exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The homeowner ticking a chain saw on Post a Job is told the job is for adults only.
  const homeowner = await signedInPage(browser, baseURL, DEMO.homeowner, /\/homeowner-dashboard$/);
  await homeowner.goto('/post-job');
  const equipment = homeowner.getByRole('group', { name: 'Equipment needed' });
  await expect(equipment).toContainText('Teens 14 and up can take this job.');
  await equipment.getByRole('checkbox', { name: 'Lawn mower (power)' }).check();
  await expect(equipment).toContainText('Ages 16+: Teens under 16 may not use a power lawn mower');
  await equipment.getByRole('checkbox', { name: 'Chain saw (adults only)' }).check();
  await expect(equipment).toContainText('This job is for adults only: no one under 18 may use a chain saw (federal child labor rule, 29 CFR 570.65');
  await expectAccessibleOnceToastsAreGone(homeowner);
  await homeowner.context().close();
});

test('the Safety page lists the rules by age, with their citations, on a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/safety-guidelines');
  const rules = page.getByRole('region', { name: 'Rules by age' });
  await expect(rules).toContainText('Yardly follows federal child labor law and Massachusetts law');
  for (const group of ['Ages 14-15', 'Ages 16-17', 'Everyone under 18']) await expect(rules.getByRole('table', { name: group })).toBeVisible();
  await expect(rules.getByRole('table', { name: 'Everyone under 18' })).toContainText('No one under 18 may use a chain saw or a wood chipper.');
  await expect(rules.getByRole('table', { name: 'Ages 14-15' })).toContainText('M.G.L. c. 149, § 61');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAccessibilityViolations(page);
});
