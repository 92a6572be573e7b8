import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';

const LANDINGS = [
  { who: 'teen', email: DEMO.teen, url: /\/teen-dashboard$/, nav: true },
  { who: 'homeowner', email: DEMO.homeowner, url: /\/homeowner-dashboard$/, nav: true },
  { who: 'coordinator', email: DEMO.coordinator, url: /\/route-optimizer$/, nav: false },
  { who: 'admin', email: DEMO.admin, url: /\/admin-dashboard$/, nav: false },
] as const;

for (const { who, email, url, nav } of LANDINGS) {
  test(`a ${who} signs in and lands on their home`, async ({ page }) => {
    await signIn(page, email);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByText('You have successfully signed in.')).toBeVisible();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(nav ? 1 : 0);
    // The landing page sends a signed-in person home too.
    await page.goto('/');
    await expect(page).toHaveURL(url);
  });
}

test('a wrong password shows the login failure toast and keeps the person signed out', async ({ page }) => {
  await signIn(page, DEMO.teen, 'not-the-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a stored user whose server session is gone is signed out on load', async ({ page }) => {
  await page.goto('/auth');
  await page.evaluate(() =>
    localStorage.setItem(
      'user',
      JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', role: 'teen', fullName: 'Ghost', username: 'ghost' }),
    ),
  );
  await page.goto('/teen-dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('an unparsable stored user is removed', async ({ page }) => {
  await page.goto('/auth');
  await page.evaluate(() => localStorage.setItem('user', '{not json'));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('the admin sends a test email and sees it in the outbox', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Send a test email' }).click();
  await page.getByLabel('Recipient').fill('check@example.com');
  await page.getByLabel('Subject').fill('Mail check');
  await page.getByLabel('Message').fill('Does the mail go out?');
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Email sent successfully!')).toBeVisible();
  await expect(page.getByText('Sent over SMTP')).toBeVisible();
  await page.goto('/admin-dashboard');
  await expect(page.getByText('Mail check')).toBeVisible();
});
