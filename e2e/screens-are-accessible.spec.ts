import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/axe';

test('the sign-in, sign-up and password screens pass WCAG 2 AA and work from the keyboard', async ({ page }) => {
  await page.goto('/auth');
  await expectNoAccessibilityViolations(page);
  // Tabs are real tabs: the arrow keys move between them.
  await page.getByRole('tab', { name: 'Sign In' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expectNoAccessibilityViolations(page);

  await page.goto('/forgot-password');
  await expectNoAccessibilityViolations(page);
  await page.goto('/reset-password?token=abc');
  await expectNoAccessibilityViolations(page);
});

test('a keyboard user signs in without a mouse', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(DEMO.homeowner);
  await page.keyboard.press('Tab');
  await page.keyboard.type('yardly-demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);
});

for (const [who, email, screens] of [
  ['teen', DEMO.teen, ['/teen-dashboard', '/profile']],
  ['homeowner', DEMO.homeowner, ['/homeowner-dashboard']],
  ['coordinator', DEMO.coordinator, ['/route-optimizer']],
  ['admin', DEMO.admin, ['/admin-dashboard', '/email-test']],
] as const) {
  test(`the ${who}'s screens pass WCAG 2 AA`, async ({ page }) => {
    await signIn(page, email);
    await expect(page).toHaveURL(new RegExp(`${screens[0]}$`));
    for (const screen of screens) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoAccessibilityViolations(page);
    }
  });
}
