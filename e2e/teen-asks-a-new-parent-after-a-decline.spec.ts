import { randomUUID } from 'node:crypto';
import { devices, expect, test } from '@playwright/test';
import { DEMO, freshPerson, signIn } from './support/accounts';
import { expectAccessibleOnceToastsAreGone, expectNoAccessibilityViolations } from './support/axe';
import { linkIn, waitForMail } from './support/mail';

// Issue 20: once a parent has answered, a request to another address could reach the teen's own
// second inbox, so it waits for the teen's area coordinator; the parent who answered is told at once.
test("a teen whose parent declined asks a new address, sees it waiting, the coordinator approves it, and the consent form arrives", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const teen = freshPerson('held');
  const registered = await page.request.post('/api/auth/register', { data: { ...teen, role: 'teen' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(page, teen.email, teen.password);
  await expect(page).toHaveURL(/\/teen-dashboard$/);

  // The first parent declines through the emailed link.
  const tag = randomUUID().slice(0, 8);
  const firstEmail = `rosa.${tag}@example.com`;
  const sent = await page.request.post('/api/parental-consent/send', { data: { parentName: 'Rosa Lopez', parentEmail: firstEmail, parentPhone: '(617) 555-0142' } });
  expect(sent.status(), await sent.text()).toBe(201);
  const token = linkIn(await waitForMail(firstEmail, 'asks for your consent'), `${baseURL}/consent/`).split('/consent/')[1]!;
  expect((await page.request.post(`/api/parental-consent/${token}/decline`)).status()).toBe(200);

  // The teen asks another parent: nothing is mailed to them yet; the page says it waits.
  await page.goto('/parental-consent');
  await expect(page.getByText('Consent: Declined')).toBeVisible();
  const newEmail = `dana.${tag}@example.net`;
  await page.getByLabel('Parent or guardian name').fill('Dana Cole');
  await page.getByLabel('Parent email').fill(newEmail);
  await page.getByRole('button', { name: 'Send Consent Form' }).click();
  await expect(page.getByText('Waiting for approval', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Waiting for a coordinator's approval" })).toBeVisible();
  await expect(page.getByText(`Your request to Dana Cole at ${newEmail} is waiting for a coordinator's approval.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Email' })).toHaveCount(0);
  await expectAccessibleOnceToastsAreGone(page);
  await page.goto('/teen-dashboard');
  await expect(page.getByRole('region', { name: 'Parental consent' }).getByText("Your request to Dana Cole is waiting for a coordinator's approval.")).toBeVisible();

  // The parent who declined hears of it at once, without the new address in full, nor the teen's last name.
  const notice = await waitForMail(firstEmail, 'asked someone else for consent to use Yardly');
  expect(notice).toContain('another email address (d***@example.net)');
  expect(notice).not.toContain(newEmail);
  expect(notice).not.toContain(teen.fullName);

  // The area's coordinator (the demo coordinator serves the teen's ZIP code) approves it in their console.
  const coordinatorContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const coordinator = await coordinatorContext.newPage();
  await signIn(coordinator, DEMO.coordinator);
  await expect(coordinator).not.toHaveURL(/\/auth$/);
  await coordinator.goto('/verification');
  const waiting = coordinator.getByRole('list', { name: 'Consent requests waiting for approval' });
  const card = waiting.getByRole('article', { name: teen.fullName });
  await expect(card.getByText(`Rosa Lopez · ${firstEmail} · (617) 555-0142`)).toBeVisible();
  await expect(card.getByText(`Dana Cole · ${newEmail}`, { exact: false })).toBeVisible();
  await expectNoAccessibilityViolations(coordinator);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(coordinator.getByText('Approved. The consent form is on its way to Dana Cole.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await coordinatorContext.close();

  // The new parent's consent form arrives, naming the teen by first name and last initial.
  const firstName = teen.fullName.split(' ')[0]!;
  const mail = await waitForMail(newEmail, 'asks for your consent to use Yardly');
  expect(mail).toContain(`${firstName} P. asks for your consent to use Yardly`);
  expect(mail).not.toContain(teen.fullName);
  const link = linkIn(mail, `${baseURL}/consent/`);
  const parentContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const parent = await parentContext.newPage();
  await parent.goto(link);
  // The consent page itself names the teen in full, as the parent needs.
  await expect(parent.getByRole('heading', { name: `${teen.fullName} asks for your consent` })).toBeVisible();
  await expect(parent.getByRole('button', { name: 'Sign Consent' })).toBeVisible();
  await parentContext.close();

  // The teen now waits for the new parent's signature.
  await page.goto('/parental-consent');
  await expect(page.getByRole('heading', { name: "Waiting for your parent's e-signature" })).toBeVisible();
  await expect(page.getByText(`We emailed a consent form to Dana Cole at ${newEmail}.`)).toBeVisible();
});
