import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, FRESH_PASSWORD } from './support/accounts';
import { expectAccessibleOnceToastsAreGone, expectNoAccessibilityViolations } from './support/axe';
import { newPersonPage, signedInPage } from './support/jobs';
import { linkIn, waitForMail } from './support/mail';

test('an admin suspends a teen, whose open page is signed out, reactivates them, staffs an area and reads the acts in the audit log', async ({ browser, baseURL }) => {
  const teenPage = await newPersonPage(browser, baseURL, 'teen');
  const teen = (await (await teenPage.request.get('/api/auth/me')).json()) as { fullName: string; email: string };
  const admin = await signedInPage(browser, baseURL, DEMO.admin, /\/admin-dashboard$/);

  // Find the teen by name and suspend them with a reason.
  await admin.getByRole('link', { name: 'Find a person' }).click();
  await admin.getByLabel('Name, email or username').fill(teen.fullName);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('list', { name: 'People' }).getByRole('link', { name: new RegExp(teen.fullName) }).click();
  await expect(admin.getByRole('heading', { name: teen.fullName })).toBeVisible();
  await admin.getByLabel('Reason for suspending').fill('Left a job site without telling anyone.');
  await admin.getByRole('button', { name: 'Suspend Account' }).click();
  await expect(admin.getByText(`${teen.fullName} is signed out everywhere and cannot sign in.`)).toBeVisible();

  // The teen's open page is signed out: its live stream ends and the tab asks who it is.
  await expect(teenPage).toHaveURL(/\/auth$/, { timeout: 20_000 });
  // And cannot sign in again, told why.
  await teenPage.getByLabel('Email').fill(teen.email);
  await teenPage.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD);
  await teenPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(teenPage.getByText('This account is suspended. Contact support.')).toBeVisible();
  await expect(teenPage).toHaveURL(/\/auth$/);

  await admin.getByRole('button', { name: 'Reactivate Account' }).click();
  await expect(admin.getByText(`${teen.fullName} can sign in again.`)).toBeVisible();
  await expectAccessibleOnceToastsAreGone(admin);

  // A coordinator, who gets a single-use link to choose a password by email.
  await admin.goto('/admin/coordinators');
  const coordinatorEmail = `coordinator.${randomUUID().slice(0, 8)}@example.com`;
  await admin.getByLabel('Full name').fill('Casey Coordinator');
  await admin.getByLabel('Email').fill(coordinatorEmail);
  await admin.getByLabel('ZIP codes', { exact: true }).fill('02139, 02140');
  await admin.getByRole('button', { name: 'Create Coordinator' }).click();
  await expect(admin.getByText('Casey Coordinator was emailed a link to choose their password.')).toBeVisible();
  const invitation = await waitForMail(coordinatorEmail, 'You are a Yardly coordinator');
  expect(linkIn(invitation, `${baseURL}/reset-password?token=`)).toMatch(/token=[\w-]+$/);
  await expectAccessibleOnceToastsAreGone(admin);

  // A new ZIP code.
  await admin.goto('/admin/service-areas');
  await admin.getByRole('textbox', { name: 'ZIP code' }).fill('02199');
  await admin.getByRole('textbox', { name: 'Name' }).fill('Back Bay');
  await admin.getByRole('button', { name: 'Add Service Area' }).click();
  await expect(admin.getByText('Sign-up and posting in 02199 are open.')).toBeVisible();
  await expectAccessibleOnceToastsAreGone(admin);

  // The acts, newest first, in the audit log.
  await admin.goto('/admin/audit-log');
  const log = admin.getByRole('list', { name: 'Audit log' });
  await expect(log.getByRole('listitem').filter({ hasText: 'Service area added' }).filter({ hasText: 'name: Back Bay' })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Coordinator created' }).filter({ hasText: coordinatorEmail })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Account suspended' }).filter({ hasText: 'reason: Left a job site without telling anyone.' })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Account reactivated' }).first()).toBeVisible();
  await expectNoAccessibilityViolations(admin);
  await admin.goto('/admin-dashboard');
  await expect(admin.getByRole('heading', { name: 'Money' })).toBeVisible();
  await expectNoAccessibilityViolations(admin);
});
