import { devices, expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/accounts';

const GARAGE = 'Sweep the garage floor';

test('a homeowner disputes finished work and the area coordinator resolves it from the verification screen', async ({ page, browser, baseURL }) => {
  await signIn(page, DEMO.homeowner);
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);
  const card = page.getByRole('region', { name: 'Completed Jobs' }).getByRole('article', { name: GARAGE });
  await card.getByRole('button', { name: 'Open Dispute' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Open a dispute?' });
  await dialog.getByRole('button', { name: 'Open Dispute' }).click();
  await expect(dialog.getByText('Tell the coordinator what went wrong')).toBeVisible();
  await dialog.getByLabel('What went wrong?').fill('Half the garage was not swept.');
  await dialog.getByRole('button', { name: 'Open Dispute' }).click();
  await expect(page.getByText('Dispute opened')).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByRole('list', { name: 'Pending payments' }).getByText(GARAGE)).toHaveCount(0);

  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const coordinator = await context.newPage();
  await signIn(coordinator, DEMO.coordinator);
  await expect(coordinator).toHaveURL(/\/route-optimizer$/);
  await coordinator.goto('/verification');
  const dispute = coordinator.getByRole('region', { name: 'Disputes' }).getByRole('article', { name: GARAGE });
  await expect(dispute.getByText('Half the garage was not swept.')).toBeVisible();
  await expect(dispute.getByRole('button', { name: 'Resolve Dispute' })).toBeDisabled();
  await dispute.getByLabel('Pay part, refund the rest').check();
  await dispute.getByLabel('Amount for the teen ($)').fill('45');
  await dispute.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(dispute.getByText('A partial payment must be more than $0.00 and less than the pay of $30.00')).toBeVisible();
  await dispute.getByLabel('Refund the homeowner').check();
  await dispute.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(coordinator.getByText('Dispute resolved')).toBeVisible();
  await expect(dispute).toHaveCount(0);
  await context.close();

  const notices = await page.request.get('/api/notifications/' + ((await (await page.request.get('/api/auth/me')).json()) as { id: string }).id);
  expect(JSON.stringify(await notices.json())).toContain('your payment is refunded in full');
  await page.goto('/active-jobs');
  await page.goto(`/job/${(await (await page.request.get('/api/disputes')).json()).disputes.find((d: { jobTitle: string }) => d.jobTitle === GARAGE).jobId}`);
  await expect(page.getByText('Status: Refunded')).toBeVisible();
  await expect(page.getByText('Payment refunded')).toBeVisible();
});
