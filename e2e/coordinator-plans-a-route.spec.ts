import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './support/accounts';
import { expectAccessibleOnceToastsAreGone, expectNoAccessibilityViolations } from './support/axe';
import { takeTilesOffline } from './support/maps';

const routesFigure = (page: Page) => page.locator('dt', { hasText: /^Routes$/ }).locator('+ dd');

/** The 'Routes' figure of Route Analytics: 0 while the screen says no route is saved. */
async function routesCount(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'Route Analytics' }).click();
  const none = page.getByText('No routes saved yet');
  await expect(none.or(routesFigure(page))).toBeVisible();
  return (await none.isVisible()) ? 0 : Number(await routesFigure(page).textContent());
}

/** The demo jobs this journey created: cancelled afterwards, so other journeys' lists and best matches never meet them. */
let demoJobIds: string[] = [];

test.afterEach(async ({ request }) => {
  if (demoJobIds.length === 0) return;
  const login = await request.post('/api/auth/login', { data: { email: DEMO.homeowner, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  for (const id of demoJobIds) {
    const cancelled = await request.post(`/api/jobs/${id}/cancel`, { data: {} });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
  demoJobIds = [];
});

test('the demo coordinator creates demo data, picks its jobs, optimizes the round, saves it, follows it in Existing Routes and sees the analytics change', async ({ page, baseURL }) => {
  // The map's tiles are offline, as on a machine with no network: it still draws the stops and the
  // round trip. Nothing on the way asks any host but the product's own and its tile server.
  const { tileOrigin, tilesAskedFor } = await takeTilesOffline(page);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith(`${tileOrigin}/`)) elsewhere.push(url);
  });
  await signIn(page, DEMO.coordinator);
  await expect(page).toHaveURL(/\/route-optimizer$/);
  // The demo action's dozen jobs, spread around the area's ZIP centres, are the journey's own: it never
  // routes through another journey's (which may be cancelled meanwhile). Its button shows only on an
  // empty area, which the seeded town is not: the component tests click it; here the same call is made.
  const created = await page.request.post('/api/demo/create-data');
  expect(created.status(), await created.text()).toBe(201);
  const { jobIds } = (await created.json()) as { jobIds: string[] };
  demoJobIds = jobIds;
  expect(jobIds).toHaveLength(12);
  const jobs = await Promise.all(jobIds.map(async (id) => (await (await page.request.get(`/api/jobs/${id}`)).json()) as { location: string }));
  await page.reload();
  const tabs = page.getByRole('tablist', { name: 'Route optimizer sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Route Optimizer', 'Existing Routes', 'Route Analytics']);
  const before = await routesCount(page);
  await expectNoAccessibilityViolations(page);

  await page.getByRole('tab', { name: 'Route Optimizer' }).click();
  await expect(page.getByRole('list', { name: 'Your teens' }).or(page.getByText('No teens in your area yet.'))).toBeVisible();
  const picker = page.getByRole('group', { name: 'Jobs to Visit' });
  await expect(page.getByRole('button', { name: 'Optimize Route' })).toBeDisabled();
  for (const job of jobs) await picker.getByRole('checkbox', { name: job.location }).check();
  await expect(picker.getByText(/^12 of \d+ selected$/)).toBeVisible();
  await page.getByRole('button', { name: 'Optimize Route' }).click();

  await expect(page.getByRole('heading', { name: 'Optimized Route' })).toBeVisible();
  const stops = page.getByRole('list', { name: 'Stops in order' }).getByRole('listitem');
  await expect(stops).toHaveCount(12);
  // The round leaves at 9:00 (the default start time) in the service's zone, whatever the phone's.
  await expect(stops.first()).toContainText(/Arrive 9:\d{2} AM · \d+\.\d{2} mi, \d+(h|m)/);
  await expect(page.locator('dt', { hasText: 'Total distance' }).locator('+ dd')).toHaveText(/^\d+\.\d{2} mi$/);
  await expect(page.locator('dt', { hasText: 'Estimated duration' }).locator('+ dd')).toHaveText(/^(\d+h)?( ?\d+m)?$/);
  // Twelve stops are still solved exactly, and the spread-out jobs leave something to save.
  await expect(page.getByText('exact', { exact: true })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Distance saved' }).locator('+ dd')).toHaveText(/^\d+\.\d%$/);
  const map = page.getByRole('figure', { name: 'Map of the route: 12 stops in order, starting and ending at S' });
  await expect(map).toBeVisible();
  const markers = map.locator('.leaflet-marker-icon');
  await expect(markers).toHaveText(['S', ...Array.from({ length: 12 }, (_, i) => String(i + 1))]);
  // Every marker on the visible map, and the round trip drawn as one line through them.
  const frame = (await map.boundingBox())!;
  for (const box of await Promise.all((await markers.all()).map((marker) => marker.boundingBox()))) {
    expect(box!.x).toBeGreaterThanOrEqual(frame.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(box!.y).toBeGreaterThanOrEqual(frame.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(frame.y + frame.height);
  }
  const line = map.locator('.leaflet-overlay-pane path');
  await expect(line).toHaveCount(1);
  // S, twelve stops and S again: 14 points.
  expect((await line.getAttribute('d'))!.match(/[ML]-?\d/g)).toHaveLength(14);
  // The tiles were asked of MAP_TILE_URL's server, and none loaded.
  expect(tilesAskedFor.length).toBeGreaterThan(0);
  await expect(map.locator('img.leaflet-tile-loaded')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  const name = `Demo round ${jobIds[0]!.slice(0, 8)}`;
  await page.getByLabel('Route name').fill(name);
  await page.getByRole('button', { name: 'Save Route' }).click();
  await expect(page.getByText('Route saved!')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Existing Routes' })).toHaveAttribute('aria-selected', 'true');
  const route = page.getByRole('article', { name });
  await expect(route.getByText('Planned')).toBeVisible();
  await expect(route.locator('dt', { hasText: 'Stops' }).locator('+ dd')).toHaveText('12');
  await expect(route.locator('dt', { hasText: 'Distance' }).locator('+ dd')).toHaveText(/^\d+\.\d{2} mi$/);
  await route.getByRole('button', { name: 'Show the stops' }).click();
  await expect(route.getByRole('link', { name: /^Open job/ })).toHaveCount(12);
  await expect(route.getByRole('figure', { name: new RegExp(`^Map of ${name}: 12 stops in order, 0 visited`) }).locator('.leaflet-marker-icon')).toHaveCount(13);
  await expectAccessibleOnceToastsAreGone(page);

  await route.getByRole('button', { name: 'Start Route' }).click();
  await expect(route.getByText('In Progress')).toBeVisible();
  await route.getByRole('button', { name: 'Mark Visited (stop 1)' }).click();
  await expect(route.locator('dt', { hasText: 'Stops' }).locator('+ dd')).toHaveText('1 of 12 visited');
  await route.getByRole('button', { name: 'Complete Route' }).click();
  await expect(route.getByText('Completed')).toBeVisible();

  await page.getByRole('tab', { name: 'Route Analytics' }).click();
  // The figures are the server's, computed again from the saved routes.
  await expect(routesFigure(page)).toHaveText(String(before + 1));
  await expect(page.locator('dt', { hasText: 'Stops visited' }).locator('+ dd')).not.toHaveText('0');
  const chart = page.getByRole('figure', { name: 'Distance saved per route' });
  await expect(chart.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expectAccessibleOnceToastsAreGone(page);
  expect(elsewhere).toEqual([]);
});
