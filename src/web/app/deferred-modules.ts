// A server-rendered page paints from its HTML; its code is fetched once that first screen is on
// the glass (docs/decisions/010). The build lists the modules the page will run in this element.
export const DEFERRED_MODULES_ID = 'deferred-modules';

/** The element's markup, for the build (`files`: the chunks, relative to the site's root). */
export function deferredModulesElement(files: readonly string[]): string {
  return `<script type="application/json" id="${DEFERRED_MODULES_ID}">${JSON.stringify(files.map((file) => `/${file}`))}</script>`;
}

/** Resolves after the browser has painted a frame (at once in a hidden tab, which paints none). */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Starts fetching every listed module at once (modulepreload: fetched and parsed, not run), so the
 * start-up steps that import them one by one wait for no round trips.
 */
export function preloadDeferredModules(): void {
  const list = document.getElementById(DEFERRED_MODULES_ID)?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
