import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPersonPage, openExplorer } from './support/jobs';

/** The toast titled `title`, held on screen and done sliding in (mid-fade, its colours read lighter than they are). */
async function settledToast(page: Page, title: string): Promise<Locator> {
  const toast = page.locator('[data-sonner-toast]', { hasText: title });
  await expect(toast).toBeVisible();
  // Sonner holds its toasts while the pointer is over them: this one stays for the checks.
  await toast.hover();
  await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  return toast;
}

/** WCAG AA contrast (4.5:1) for the toast's title and description, each checked, none left undecided. */
async function expectLegible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('[data-sonner-toast]').withRules(['color-contrast']).analyze();
  const summary = (rules: typeof results.violations) => rules.flatMap(({ nodes }) => nodes.map((node) => node.failureSummary ?? node.target.join(' ')));
  expect(summary(results.violations)).toEqual([]);
  expect(summary(results.incomplete)).toEqual([]);
  expect(results.passes.flatMap(({ nodes }) => nodes.map((node) => node.target.join(' ')))).toHaveLength(2);
}

/** The page's top bar and the toast (its close button included) do not overlap, and nothing is drawn over either part of the toast. */
async function expectClearOfTheHeader(page: Page, toast: Locator): Promise<void> {
  const header = await page.locator('header').first().boundingBox();
  expect(header).not.toBeNull();
  for (const part of [toast, toast.locator('[data-close-button]')]) {
    const box = await part.boundingBox();
    expect(box, 'the toast is laid out').not.toBeNull();
    expect(box!.y, 'below the top bar').toBeGreaterThanOrEqual(header!.y + header!.height);
    const seen = await part.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(seen, 'what shows at its centre is the toast itself').toBe(true);
  }
}

test('a teen reads a success toast and an error toast in full, below the top bar, on a phone', async ({ browser, baseURL }) => {
  // Signing in says 'Welcome back!' (success) on the dashboard, under its top bar.
  const page = await newPersonPage(browser, baseURL, 'teen');
  const welcome = await settledToast(page, 'Welcome back!');
  await expect(welcome).toContainText('You have successfully signed in.');
  await expectLegible(page);
  await expectClearOfTheHeader(page, welcome);

  // A teen without consent who taps Accept Job hears why (error), under the explorer's sticky bar.
  await openExplorer(page);
  await page.evaluate(() => window.scrollBy(0, 200));
  await page.getByRole('list', { name: 'Available jobs' }).getByRole('article').first().getByRole('button', { name: 'Accept Job' }).click();
  const refusal = await settledToast(page, 'Parental consent required');
  await expect(refusal).toContainText('You need parental consent before accepting jobs.');
  await expectLegible(page);
  await expectClearOfTheHeader(page, refusal);
});
