import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2 A and AA: a screen must come back without a single violation. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual([]);
}

/**
 * Sonner's rich-colour toasts miss AA contrast (reported); screens are checked once they are gone.
 * The toast library loads with the first toast, so 'none on screen' holds only once the toast a step
 * raised has shown: callers wait for it to be visible first.
 */
export async function expectAccessibleOnceToastsAreGone(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAccessibilityViolations(page);
}
