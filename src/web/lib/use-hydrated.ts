import { startTransition, useEffect, useState } from 'react';

/** Set by the entry while it hydrates server HTML; cleared once the first hydrated effects run. */
let hydrating = false;

/** Called by the entry before it hydrates a server-rendered page. */
export function beginHydration(): void {
  hydrating = true;
}

/**
 * False in a server render and while the browser hydrates it, true after. Controls on a
 * server-rendered screen stay disabled until then: a tap or a keystroke before React has attached
 * its handlers would otherwise be lost (a search typed into the HTML that React never sees).
 * A screen the browser renders itself is hydrated from its first render.
 *
 * The switch to true is a transition, so React re-renders the screen in slices. (A store read with
 * useSyncExternalStore, whose server and client values differ, forces a synchronous re-render of
 * everything under it right after hydration: one long task on a slow phone.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (hydrated) return;
    hydrating = false;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
