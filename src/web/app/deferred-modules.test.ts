import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredModulesElement, preloadDeferredModules } from './deferred-modules';

describe('deferred modules', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('preloads every module the build listed, none twice, and nothing when there is no list', async () => {
    await preloadDeferredModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);

    const files = Array.from({ length: 19 }, (_, i) => `assets/chunk-${i}.js`);
    document.body.innerHTML = deferredModulesElement(files);
    // A browser that preloads modules (jsdom knows no link types).
    vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token) => token === 'modulepreload');
    let done = false;
    const preloading = preloadDeferredModules().then(() => (done = true));
    // The links go in a few per task; it resolves once every one has loaded or failed.
    await vi.waitFor(() => expect(document.head.querySelectorAll('link')).toHaveLength(files.length));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link')];
    links.slice(1).forEach((link, i) => link.dispatchEvent(new Event(i % 5 === 0 ? 'error' : 'load')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    links[0]!.dispatchEvent(new Event('load'));
    await preloading;
    expect(done).toBe(true);
    expect(links.map((link) => link.rel)).toEqual(files.map(() => 'modulepreload'));
    expect(links.map((link) => new URL(link.href).pathname)).toEqual(files.map((file) => `/${file}`));
  });

  it('waits for nothing in a browser without modulepreload, which fetches nothing and fires nothing', async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(false);
    document.body.innerHTML = deferredModulesElement(['assets/a.js', 'assets/b.js']);
    await preloadDeferredModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(2);
  });
});
