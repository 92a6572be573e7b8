import { expect, test } from '@playwright/test';
import { freshPerson } from './support/accounts';

test('a teen signs up, goes available, edits their name on their profile and signs out', async ({ page }) => {
  const teen = freshPerson('teen');
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Google' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Microsoft' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Sign Up' }).click();

  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  const checklist = page.getByRole('list', { name: 'Sign-up checklist' });
  await expect(checklist.getByRole('listitem')).toHaveText([
    /Role selected\(not yet\)/,
    /Full name entered\(not yet\)/,
    /Username \(3\+ characters\)\(not yet\)/,
    /Valid email address\(not yet\)/,
    /Password \(6\+ characters\)\(not yet\)/,
    /5-digit ZIP code\(not yet\)/,
  ]);

  await page.getByLabel('I am a').selectOption('teen');
  await page.getByLabel('Full name').fill(teen.fullName);
  await page.getByLabel('Username').fill(teen.username);
  await page.getByLabel('Email').fill(teen.email);
  await page.getByLabel('Password').fill('12345');
  await page.getByLabel('ZIP code').fill(teen.zipCode);
  await expect(checklist.getByRole('listitem').nth(4)).toHaveText(/\(not yet\)/);
  await expect(create).toBeDisabled();
  await page.getByLabel('Password').fill(teen.password);
  await expect(checklist.getByText('(not yet)')).toHaveCount(0);
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/teen-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Test!' })).toBeVisible();
  await expect(page.getByText("You're Offline")).toBeVisible();
  await page.getByRole('switch', { name: "You're Offline" }).click();
  await expect(page.getByText("You're now available!")).toBeVisible();
  await expect(page.getByText("You're Available")).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Jobs', 'Active', 'Profile', 'Wallet', 'Help']);

  // The availability survives a reload: it was saved on the server.
  await page.reload();
  await expect(page.getByText("You're Available")).toBeVisible();

  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: teen.fullName })).toBeVisible();
  await expect(page.getByText(`@${teen.username}`)).toBeVisible();
  await expect(page.getByText('TP', { exact: true })).toBeVisible();

  // Edit Profile: the name is saved on the server and every screen reads the new one.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue(teen.fullName);
  await expect(page.getByLabel('ZIP Code')).toHaveValue(teen.zipCode);
  await page.getByLabel('Full Name').fill('Robin Vale');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Robin Vale' })).toBeVisible();
  await expect(page.getByText('RV', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Robin Vale' })).toBeVisible();
  await page.goto('/teen-dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Robin!' })).toBeVisible();
  await nav.getByRole('link', { name: 'Profile' }).click();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await page.goto('/teen-dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('sign-up shows the validation toasts in the spec order and refuses a ZIP code outside the area', async ({ page }) => {
  const teen = freshPerson('zip');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('I am a').selectOption('homeowner');
  await page.getByLabel('Full name').fill('   ');
  await page.getByLabel('Username').fill(teen.username);
  await page.getByLabel('Email').fill(teen.email);
  await page.getByLabel('Password').fill(teen.password);
  await page.getByLabel('ZIP code').fill('90210');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The toast says it, and so does the field, which the person is taken to.
  await expect(page.locator('[data-sonner-toast]').getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Please enter your full name');
  await expect(page.getByLabel('Full name')).toBeFocused();

  await page.getByLabel('Full name').fill(teen.fullName);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration failed').first()).toBeVisible();
  await expect(page.getByText(/Yardly is not available in 90210 yet/)).toBeVisible();
  await expect(page.getByText('This ZIP code is outside our service area')).toBeVisible();

  await page.getByLabel('ZIP code').fill('02139');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Test!' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Active', 'Profile', 'Payments', 'Help']);
});
