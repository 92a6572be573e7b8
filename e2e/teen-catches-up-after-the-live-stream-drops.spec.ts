import { devices, expect, test } from '@playwright/test';
import { FRESH_PASSWORD, signIn } from './support/accounts';
import { cuttableNetworkTo } from './support/cuttable-network';
import { acceptAsTeen, markNoReload, newConsentedTeenPage, postJob } from './support/jobs';

test('the live stream comes back after the connection drops, and the bell shows what happened meanwhile', async ({ browser, baseURL, request }) => {
  // A teen of this journey's own, with an accepted job the demo homeowner will cancel.
  const setup = await newConsentedTeenPage(browser, baseURL);
  const job = await postJob(request);
  await acceptAsTeen(setup, job.id);
  const me = (await (await setup.request.get('/api/auth/me')).json()) as { id: string; email: string };
  expect((await setup.request.post(`/api/notifications/${me.id}/read-all`)).status()).toBe(200);
  await setup.context().close();

  // The teen's phone reaches the server through a connection this journey can cut.
  const network = await cuttableNetworkTo(baseURL!);
  const teen = await (await browser.newContext({ ...devices['Pixel 7'], baseURL: network.url })).newPage();
  const streamsOpened: number[] = [];
  teen.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/events' && r.status() === 200) streamsOpened.push(Date.now());
  });
  await signIn(teen, me.email, FRESH_PASSWORD);
  await expect(teen).toHaveURL(/\/teen-dashboard$/);
  const bell = teen.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect.poll(() => streamsOpened.length).toBeGreaterThan(0);
  const streamsBefore = streamsOpened.length;
  const expectNoReload = await markNoReload(teen);

  // The connection drops; the job is cancelled while the teen's stream is down, so no signal reaches it.
  network.cut();
  const cancelled = await request.post(`/api/jobs/${job.id}/cancel`, { data: {} });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await teen.waitForTimeout(1000);
  await expect(bell).toHaveAccessibleName('Notifications');

  // The connection comes back: the stream reopens by itself and the bell catches up, without a reload.
  network.restore();
  await expect.poll(() => streamsOpened.length, { timeout: 20_000 }).toBeGreaterThan(streamsBefore);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const item = teen.getByRole('article').filter({ hasText: job.title });
  await expect(item.getByRole('heading')).toHaveText('Unread: Job cancelled');
  await expectNoReload();
  await teen.context().close();
  await network.close();
});
