import { afterEach, describe, expect, it } from 'vitest';
import { deferredModulesElement, preloadDeferredModules } from './deferred-modules';

describe('deferred modules', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('preloads every module the build listed, none twice, and nothing when there is no list', async () => {
    await preloadDeferredModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);

    const files = Array.from({ length: 19 }, (_, i) => `assets/chunk-${i}.js`);
    document.body.innerHTML = deferredModulesElement(files);
    await preloadDeferredModules();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link')];
    expect(links.map((link) => link.rel)).toEqual(files.map(() => 'modulepreload'));
    expect(links.map((link) => new URL(link.href).pathname)).toEqual(files.map((file) => `/${file}`));
  });
});
