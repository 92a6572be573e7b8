import type { DehydratedState } from '@tanstack/react-query';
import type { User } from '../../contract/auth';

/**
 * What a server-rendered page hands to the script that hydrates it: the user it was rendered for
 * and the query data it showed, so the first client render matches the HTML without a refetch.
 * It travels in a JSON script element: data, never run, so the CSP needs no 'unsafe-inline'.
 */
export interface SsrState {
  user: User;
  queries: DehydratedState;
}

export const SSR_STATE_ID = 'ssr-state';

/** The state as the body of a `<script type="application/json">`: no `<` can close the element early. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as SsrState) : null;
}
