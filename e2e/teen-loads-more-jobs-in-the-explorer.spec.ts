import { expect, test } from '@playwright/test';
import { EXPLORER_PAGE_SIZE } from '../src/contract/job-constants';
import { freshPerson } from './support/accounts';
import { openExplorer, postJobs, signedInPage } from './support/jobs';

test('a teen pages through more open jobs than fit on one page with Load more', async ({ request, browser, baseURL }) => {
  const posted = await postJobs(request, EXPLORER_PAGE_SIZE + 1, { title: 'Sweep the walk' });
  const tag = posted[0]!.tag;

  const teen = freshPerson('teen');
  const registered = await request.post('/api/auth/register', { data: { ...teen, role: 'teen' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const page = await signedInPage(browser, baseURL, teen.email, /\/teen-dashboard$/, teen.password);
  await openExplorer(page);
  // The server-rendered first page already holds a page of jobs, these among them when no other journey
  // posted since: wait for the searched list, or Load more would page the unsearched one.
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/jobs' && new URL(r.url()).searchParams.get('search') === tag);
  await page.getByLabel('Search jobs').fill(tag);
  await searched;

  const cards = page.getByRole('list', { name: 'Available jobs' }).getByRole('article');
  // Newest first: the first page ends one job short of the oldest.
  await expect(cards).toHaveCount(EXPLORER_PAGE_SIZE);
  await expect(cards.first()).toHaveAccessibleName(posted[EXPLORER_PAGE_SIZE]!.title);
  await expect(cards.last()).toHaveAccessibleName(posted[1]!.title);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(EXPLORER_PAGE_SIZE + 1);
  await expect(cards.last()).toHaveAccessibleName(posted[0]!.title);
  // The last page offers no more.
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.context().close();
});
