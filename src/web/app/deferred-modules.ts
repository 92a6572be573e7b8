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

function canPreloadModules(link: HTMLLinkElement): boolean {
  try {
    return link.relList.supports('modulepreload');
  } catch {
    return false; // a relList without supported tokens
  }
}

/**
 * Fetches every listed module (modulepreload: fetched and compiled, not run), a few links per task,
 * and resolves once each has loaded or failed. The app's import that follows then waits for no
 * round trips, and no start-up task waits inside itself for a compile still running in the
 * background (React DOM's, in traces, stretched a task by 10-30 ms). Without this wait the explorer
 * scored 99 instead of 100 (decision 013).
 */
export async function preloadDeferredModules(): Promise<void> {
  const list = document.getElementById(DEFERRED_MODULES_ID)?.textContent;
  const hrefs = list ? (JSON.parse(list) as string[]) : [];
  const settled: Promise<void>[] = [];
  for (let start = 0; start < hrefs.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const href of hrefs.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      // A failed preload is the import's to report: it fetches the module again. A browser without
      // modulepreload fetches nothing and fires nothing: the imports fetch then, as they would.
      if (canPreloadModules(link)) {
        settled.push(
          new Promise((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }),
        );
      }
      document.head.append(link);
    }
  }
  await Promise.all(settled);
}
