// A server-rendered page paints from its HTML; its code is fetched once that first screen is on
// the glass (docs/decisions/010). The build lists the modules the page will run in this element.
import { nextTask } from '../lib/next-task';

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

/** Links added per task: one costs about 0.25 ms here, so about 1 ms on a phone 4x slower. */
const PRELOADS_PER_TASK = 8;

/**
 * Starts fetching every listed module (modulepreload: fetched and parsed, not run), a few per task,
 * so the start-up steps that import them one by one wait for no round trips.
 */
export async function preloadDeferredModules(): Promise<void> {
  const list = document.getElementById(DEFERRED_MODULES_ID)?.textContent;
  const hrefs = list ? (JSON.parse(list) as string[]) : [];
  for (let start = 0; start < hrefs.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const href of hrefs.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  }
}
