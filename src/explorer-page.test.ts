import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobListSchema, type Job } from './contract/jobs';
import { databaseKinds } from './server/test/databases';
import { validJob } from './server/test/fixtures';
import { createTestApp, signInAs, signUp, type TestApp } from './server/test/test-app';
import { explorerRendering } from './ssr';
import { SSR_APP_MARKER, SSR_STATE_MARKER, SSR_TEMPLATE_FILE } from './ssr/template';
import { SSR_STATE_ID, type SsrState } from './web/app/ssr-state';

const SHELL = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const TEMPLATE = `<!doctype html><html><body><div id="root">${SSR_APP_MARKER}</div>${SSR_STATE_MARKER}<script type="module" src="/assets/index.js"></script></body></html>`;

/** The JSON state a page carries, or null when it carries none. */
function stateOf(html: string): SsrState | null {
  const match = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as SsrState) : null;
}

describe.each(databaseKinds())('GET /job-explorer, rendered on the server, on %s', (kind) => {
  let t: TestApp;
  let webRoot: string;
  let homeowner: Awaited<ReturnType<typeof signUp>>;
  let teen: Awaited<ReturnType<typeof signInAs>>;
  let jobs: Job[];

  beforeAll(async () => {
    // A build's two pages, small enough to read: the SPA's shell and the server render's template.
    webRoot = mkdtempSync(path.join(tmpdir(), 'yardly-ssr-'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    writeFileSync(path.join(webRoot, SSR_TEMPLATE_FILE), TEMPLATE);
    t = await createTestApp(kind, {}, { webRoot, explorer: explorerRendering });
    homeowner = await signUp(t, 'homeowner');
    teen = await signInAs(t, 'teen', { consent: 'approved' });
    jobs = [];
    for (const title of ['Rake the <front> yard & $& more', 'Shovel the drive']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: homeowner.cookie }, payload: validJob({ title }) });
      expect(response.statusCode, response.body).toBe(201);
      jobs.push(response.json());
      t.clock.advance(1000); // newest first needs distinct times
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/job-explorer', headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  it("paints a teen's first page of jobs from the HTML, with exactly what GET /api/jobs gives them, never cached", async () => {
    const response = await get(teen.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    // Titles are escaped text, in cards (a `$&` in one stays as it is).
    expect(html).toContain('Rake the &lt;front&gt; yard &amp; $&amp; more');
    expect(html).toContain('Shovel the drive');
    expect(html.match(/<article /g)).toHaveLength(2);

    const state = stateOf(html)!;
    expect(state.user).toEqual(teen.user);
    const api = await t.app.inject({ method: 'GET', url: '/api/jobs?status=posted', headers: { cookie: teen.cookie } });
    const listed = JobListSchema.parse(api.json());
    const [query] = state.queries.queries;
    expect(query!.state.data).toEqual({ pages: [listed], pageParams: [null] });
    expect(listed.jobs.map((job) => job.id)).toEqual([jobs[1]!.id, jobs[0]!.id]);
    // Nothing of the homeowner's account beyond what the list shows everyone.
    expect(html).not.toContain(homeowner.user.email);
    // The JSON cannot end its script element early.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const response = await get(teen.cookie, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toContain('Shovel the drive');
  });

  it('gives a signed-out visitor the bare shell, which sends them to sign in', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it('gives another role the bare shell, which sends them to their home', async () => {
    const response = await get(homeowner.cookie);
    expect(response.body).toBe(SHELL);
    expect(response.body).not.toContain('Shovel the drive');
  });

  it('answers a teen who comes back with the page as it is now: fresh state each time, a new render once the list changes', async () => {
    const first = await get(teen.cookie);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await get(teen.cookie);
    // Nothing changed: the same HTML, but the state says the data is as of this answer.
    const htmlOf = (body: string) => body.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
    expect(htmlOf(again.body)).toBe(htmlOf(first.body));
    const updatedAt = (body: string) => stateOf(body)!.queries.queries[0]!.state.dataUpdatedAt;
    expect(updatedAt(again.body)).toBeGreaterThan(updatedAt(first.body));

    t.clock.advance(1000);
    const posted = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: homeowner.cookie }, payload: validJob({ title: 'Clear the gutters' }) });
    expect(posted.statusCode, posted.body).toBe(201);
    const changed = await get(teen.cookie);
    expect(changed.body).toContain('Clear the gutters');
    expect(changed.body.match(/<article /g)).toHaveLength(3);
    expect(stateOf(changed.body)!.queries.queries[0]!.state.data).toMatchObject({ pages: [{ jobs: [{ title: 'Clear the gutters' }, {}, {}] }] });
  });
});
