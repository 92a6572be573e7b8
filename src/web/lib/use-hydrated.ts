import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in a server render and while the browser hydrates it, true after. Controls on a
 * server-rendered screen stay disabled until then: a tap or a keystroke before React has attached
 * its handlers would otherwise be lost (a search typed into the HTML that React never sees).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
