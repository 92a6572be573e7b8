import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { freshPerson, signIn } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/axe';
import { takeTilesOffline } from './support/maps';

test('a homeowner posts a first job, sees it on the dashboard and in its details, then cancels it', async ({ page }) => {
  // The pin's map works offline: its tiles fail, the pin does not.
  await takeTilesOffline(page);
  // A fresh homeowner: the dashboard starts empty and no other journey touches it.
  const homeowner = freshPerson('owner');
  const registered = await page.request.post('/api/auth/register', { data: { ...homeowner, role: 'homeowner' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(page, homeowner.email, homeowner.password);
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);

  await expect(page.getByRole('heading', { name: 'Welcome, Test!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Post Your First Job' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Active Jobs\s*0 in progress$/ })).toHaveAttribute('href', '/active-jobs');
  const counters = page.getByRole('region', { name: 'Your numbers' });
  await expect(counters.getByRole('definition')).toHaveText(['0', '$0', '0']);
  await expect(counters.getByRole('term')).toHaveText(['Jobs Posted', 'Total Spent', 'Active Jobs']);

  await page.getByRole('link', { name: 'Post New Job' }).click();
  await expect(page).toHaveURL(/\/post-job$/);
  await expect(page.getByText('Photo uploads are coming soon.')).toBeVisible();
  await expect(page.getByLabel('ZIP code')).toHaveValue(homeowner.zipCode);
  await expect(page.getByLabel('Estimated duration').locator('option')).toHaveText([
    'Choose',
    '30 minutes',
    '1 hour',
    '1.5 hours',
    '2 hours',
    '3 hours',
    '4+ hours',
  ]);
  const pay = page.getByLabel('Pay ($)');
  await expect(pay).toHaveAttribute('min', '15');
  await expect(pay).toHaveAttribute('max', '500');
  await expect(pay).toHaveAttribute('step', '5');

  // Spec 5: the required fields are checked before anything is sent.
  const title = `Rake the front yard ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Job title').fill(title);
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Missing information')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Description').fill('Leaves from two maples. Bags are by the garage.');
  await page.getByLabel('Category').selectOption({ label: 'Leaf Raking' });
  await pay.fill('45');
  await page.getByLabel('Estimated duration').selectOption({ label: '4+ hours' });
  await page.getByLabel('Location (optional)').fill('Front yard, 12 Elm St');
  await page.getByLabel('Safety notes (optional)').fill('Mind the uneven brick path.');
  await page.getByRole('radio', { name: 'Hard' }).check();
  await page.getByRole('checkbox', { name: 'Rake', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Wheelbarrow' }).check();

  // A ZIP code outside the service area: the server refuses and says why under the field.
  await page.getByLabel('ZIP code').fill('90210');
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Failed to post job')).toBeVisible();
  await expect(page.getByText('Please check your information and try again.')).toBeVisible();
  await expect(page.getByText('This ZIP code is outside our service area')).toBeVisible();
  await expect(page).toHaveURL(/\/post-job$/);

  await page.getByLabel('ZIP code').fill('02139');
  // The pin starts at the ZIP code's centre; the homeowner drags it to the yard.
  const spot = page.getByRole('group', { name: 'Exact spot (optional)' });
  const pin = spot.getByRole('button', { name: 'Job pin: drag it to the spot, or move it with the arrow keys' });
  await expect(pin).toBeVisible();
  await expect(spot.getByText(/The pin is at the ZIP code's centre/)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // Hovering waits until the pin stops moving (the map pans to bring a new ZIP code's centre into
  // view, which can leave it near an edge); the drag then goes towards the middle of the map, so it
  // never runs off the map or the screen.
  await pin.hover();
  const from = (await pin.boundingBox())!;
  const map = (await page.getByTestId('pin-map').boundingBox())!;
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  const [east, south] = [x < map.x + map.width / 2, y < map.y + map.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (east ? 80 : -80), y + (south ? 50 : -50), { steps: 10 });
  await page.mouse.up();
  const pinned = spot.getByText(/^Pinned at -?\d+\.\d{5}, -?\d+\.\d{5}\./);
  await expect(pinned).toBeVisible();
  const [latitude, longitude] = (await pinned.textContent())!.match(/-?\d+\.\d{5}/g)!.map(Number);
  const centre = (await (await page.request.get('/api/zip-codes/02139')).json()) as { latitude: number; longitude: number };
  // At zoom 16, 80 px is about 140 m east or west, 50 px about 60 m north or south.
  expect((longitude! - centre.longitude) * (east ? 1 : -1)).toBeGreaterThan(0.0005);
  expect((centre.latitude - latitude!) * (south ? 1 : -1)).toBeGreaterThan(0.0003);
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Job posted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);

  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Status: Open')).toBeVisible();
  await expect(card.getByText('Pay: $45', { exact: true })).toBeVisible();
  await expect(card.getByText('Duration: 4h', { exact: true })).toBeVisible();
  await expect(counters.getByRole('definition').first()).toHaveText('1');
  await expect(page.getByRole('heading', { name: 'Post Your First Job' })).toHaveCount(0);

  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/job\/[0-9a-f-]{36}$/);
  // The job stands where the pin was dragged: its homeowner reads the point.
  const jobId = page.url().split('/').at(-1)!;
  const saved = (await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { point: { latitude: number; longitude: number } | null };
  expect(saved.point!.latitude).toBeCloseTo(latitude!, 4);
  expect(saved.point!.longitude).toBeCloseTo(longitude!, 4);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(page.getByRole('term')).toHaveText([
    'Pay',
    'Payment',
    'Estimated duration',
    'Location',
    'Distance',
    'Coordinator supervised',
    'Posted',
    'Category',
    'Physical demands',
    'Equipment',
  ]);
  await expect(facts.nth(0)).toHaveText('$45.00');
  await expect(facts.nth(1)).toHaveText('Payment held');
  await expect(facts.nth(2)).toHaveText('4h');
  await expect(facts.nth(3)).toHaveText('Front yard, 12 Elm St');
  await expect(facts.nth(5)).toHaveText('Yes');
  await expect(facts.nth(9)).toHaveText('Rake, Wheelbarrow');
  await expect(page.getByRole('region', { name: 'Safety Notes' })).toContainText('Mind the uneven brick path.');
  // A homeowner cannot lock their own job: the server offers no lock, so there is no button.
  await expect(page.getByRole('button', { name: 'Lock the Job' })).toHaveCount(0);

  await page.goto('/homeowner-dashboard');
  await card.getByRole('button', { name: 'Cancel Job' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this job?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep Job' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByText('Status: Open')).toBeVisible();

  await card.getByRole('button', { name: 'Cancel Job' }).click();
  await dialog.getByRole('button', { name: 'Cancel Job' }).click();
  await expect(page.getByText('Job Cancelled')).toBeVisible();
  await expect(card.getByText('Status: Cancelled')).toBeVisible();
  await expect(card.getByText('Payment refunded')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel Job' })).toHaveCount(0);
});

test('a homeowner with no active jobs sees the empty Active Jobs screen', async ({ page }) => {
  const homeowner = freshPerson('owner');
  const registered = await page.request.post('/api/auth/register', { data: { ...homeowner, role: 'homeowner' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(page, homeowner.email, homeowner.password);
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);
  await page.getByRole('link', { name: /^Active Jobs/ }).click();
  await expect(page).toHaveURL(/\/active-jobs$/);
  await expect(page.getByRole('heading', { name: 'No active jobs' })).toBeVisible();
  await expect(page.getByText('Post a job to see it here')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/homeowner-dashboard$/);
});
