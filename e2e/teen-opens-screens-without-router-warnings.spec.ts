import { expect, test, type Page } from '@playwright/test';
import { freshPerson, signIn } from './support/accounts';

/** Whatever React Router says in the console about a HydrateFallback, from here on, with the page it was on. */
function collectHydrateFallbackWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('HydrateFallback')) warnings.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return warnings;
}

/**
 * Counts the job cards removed from the page from its first byte until it is hydrated (its filters'
 * fieldset loses `disabled`): hydrating server HTML must keep them. Afterwards the list follows live
 * changes, and a job another journey's teen takes meanwhile leaves it, as it should.
 */
async function countRemovedCards(page: Page): Promise<() => Promise<{ cards: number; hydrated: boolean }>> {
  await page.addInitScript(() => {
    const removed = { cards: 0, hydrated: false };
    Object.assign(window, { __removed: removed });
    new MutationObserver((records) => {
      if (removed.hydrated) return;
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('article') || node.querySelector('article'))) removed.cards++;
        }
        if (record.type === 'attributes' && record.target instanceof HTMLFieldSetElement && !record.target.disabled) removed.hydrated = true;
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { __removed: { cards: number; hydrated: boolean } }).__removed }));
}

test('a teen opens sign-in, the server-rendered explorer and lazily loaded screens with no HydrateFallback warning', async ({ page }) => {
  const teen = freshPerson('teen');
  const registered = await page.request.post('/api/auth/register', { data: { ...teen, role: 'teen' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const warnings = collectHydrateFallbackWarnings(page);
  const removedCards = await countRemovedCards(page);

  // The sign-in screen is a lazy route the browser renders itself.
  await signIn(page, teen.email, teen.password);
  await expect(page).toHaveURL(/\/teen-dashboard$/);

  // The explorer comes as server HTML and is hydrated, not rendered again.
  const explorer = await page.goto('/job-explorer');
  expect(await explorer?.text()).toContain('id="ssr-state"');
  await expect(page.getByLabel('Search jobs')).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Available jobs' }).getByRole('article').first()).toBeVisible();
  expect(await removedCards()).toEqual({ cards: 0, hydrated: true });

  // Screens opened as the tab's first: one behind the shared query layout, one beside it.
  for (const screen of ['/wallet', '/help']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }

  expect(warnings).toEqual([]);
});
