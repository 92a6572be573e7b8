import { expect, test } from '@playwright/test';
import { freshPerson, signIn } from './support/accounts';

test('a homeowner sees the hold when posting, cancels before work starts, and is refunded in full', async ({ page, request }) => {
  const person = freshPerson('refund');
  const registered = await request.post('/api/auth/register', { data: { ...person, role: 'homeowner' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);

  await page.goto('/post-job');
  const notice = page.getByRole('region', { name: 'Payment held until the work is verified' });
  await expect(notice).toContainText('The pay you set is held when you post.');
  await page.getByLabel('Job title').fill('Rake the side yard');
  await page.getByLabel('Description').fill('Leaves along the fence.');
  await page.getByLabel('Category').selectOption('leaf_raking');
  await page.getByLabel('Pay ($)').fill('40');
  await page.getByLabel('Estimated duration').selectOption('60');
  await expect(notice).toContainText('$40.00 will be held when you post.');
  await expect(notice).toContainText('Yardly keeps a 10% platform fee from the pay: the teen receives $36.00 and the fee is $4.00.');
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Job posted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);

  const card = page.getByRole('article', { name: 'Rake the side yard' });
  await expect(card.getByText('Payment held')).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByText('$40.00 is held for your jobs until the work is verified.')).toBeVisible();
  await expect(page.getByText('No transactions yet')).toBeVisible();

  await page.goto('/homeowner-dashboard');
  await card.getByRole('button', { name: 'Cancel Job' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel this job?' }).getByRole('button', { name: 'Cancel Job' }).click();
  await expect(page.getByText('Job Cancelled')).toBeVisible();
  await expect(card.getByText('Payment refunded')).toBeVisible();

  await page.goto('/wallet');
  await expect(page.getByText('$0.00 is held for your jobs until the work is verified.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' }).getByRole('definition').first()).toHaveText('$0.00');
});
