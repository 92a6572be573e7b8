import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO } from './support/accounts';
import { expectAccessibleOnceToastsAreGone, expectNoAccessibilityViolations } from './support/axe';
import { signedInPage } from './support/jobs';

test('an admin adds a seasonal challenge, raises its limit, sees it listed and reads both acts in the audit log', async ({ browser, baseURL }) => {
  const admin = await signedInPage(browser, baseURL, DEMO.admin, /\/admin-dashboard$/);
  const title = `Porch Sweep ${randomUUID().slice(0, 6)}`;

  await admin.getByRole('link', { name: 'Challenges' }).click();
  await expect(admin).toHaveURL(/\/admin\/challenges$/);

  // A new challenge over the form's default dates (today to the end of this season).
  const create = admin.getByRole('form', { name: 'Add a challenge' });
  await create.getByLabel('Title', { exact: true }).fill(title);
  await create.getByLabel('Description').fill('Three cleaning jobs before the season ends.');
  await create.getByLabel('Max participants').fill('30');
  await create.getByLabel('Paid jobs to complete it').fill('3');
  await create.getByRole('checkbox', { name: 'Cleaning' }).check();
  await create.getByLabel('Reward points').fill('120');
  await create.getByLabel('Reward title').fill('Porch Pro');
  await create.getByRole('button', { name: 'Add Challenge' }).click();
  await expect(admin.getByText('Challenge added')).toBeVisible();

  const card = admin.getByRole('list', { name: 'Seasonal challenges' }).getByRole('listitem').filter({ has: admin.getByRole('heading', { name: title }) });
  await expect(card).toContainText('0 joined (of 30) · 0 completed');
  await expect(card).toContainText('3 paid jobs in Cleaning');
  await expect(card).toContainText('120 points and the title Porch Pro');
  await expectAccessibleOnceToastsAreGone(admin);

  // Its limit, raised from the card's edit form.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = card.getByRole('form', { name: `Edit ${title}` });
  await edit.getByLabel('Max participants').fill('45');
  await edit.getByRole('button', { name: 'Save Challenge' }).click();
  await expect(admin.getByText('Challenge saved')).toBeVisible();
  await expect(card).toContainText('0 joined (of 45) · 0 completed');
  await expect(edit).toBeHidden();
  await expectAccessibleOnceToastsAreGone(admin);

  // Both acts in the audit log, the change with its from and to.
  await admin.goto('/admin/audit-log');
  const log = admin.getByRole('list', { name: 'Audit log' });
  await expect(log.getByRole('listitem').filter({ hasText: 'Seasonal challenge added' }).filter({ hasText: `title: ${title}` })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Seasonal challenge changed' }).filter({ hasText: 'maxParticipants: 30 → 45' }).first()).toBeVisible();
  await expectNoAccessibilityViolations(admin);
});
