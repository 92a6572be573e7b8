import { expect, test } from '@playwright/test';
import { freshPerson } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

test('a person resets a forgotten password with the emailed link', async ({ page, request, baseURL }) => {
  const person = freshPerson('reset');
  const created = await request.post('/api/auth/register', { data: { ...person, role: 'homeowner' } });
  expect(created.status()).toBe(201);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email required')).toBeVisible();
  // The toast says it, and so does the field.
  await expect(page.locator('[data-sonner-toast]').getByText('Please enter your email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter your email address');

  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Reset link sent!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  const mail = await waitForMail(person.email, 'Reset your Yardly password');
  const link = linkIn(mail, `${baseURL}/reset-password?token=`);
  await page.goto(link);

  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('new-pass-99');
  await page.getByLabel('Confirm new password').fill('new-pass-98');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(update).toBeDisabled();
  await page.getByLabel('Confirm new password').fill('new-pass-99');
  await update.click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();

  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('new-pass-99');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);

  // The link worked once: a second use is refused with the invalid-link screen.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-1');
  await page.getByLabel('Confirm new password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid link' })).toBeVisible();
  await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
});

test('a reset link without a token explains itself and sends the person to ask again after 3 seconds', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid link' })).toBeVisible();
  await expect(page.getByText('This reset link is invalid or missing the reset token.')).toBeVisible();
  await expect(page.getByText('Invalid reset link')).toBeVisible();
  await expect(page.getByText('The reset token is missing. Please request a new reset link.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 5000 });
});
