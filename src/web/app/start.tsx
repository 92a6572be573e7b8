import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beginHydration } from '../lib/use-hydrated';
import { nextTask } from '../lib/next-task';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { createRouter, routes } from './router';
import type { SsrState } from './ssr-state';

/** Renders the app into `container`, or hydrates the server's HTML in it when the page came with state. */
export async function startApp(container: HTMLElement, ssr: SsrState | null): Promise<void> {
  const queryClient = createQueryClient();
  if (!ssr) {
    createRoot(container).render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createRouter()} />
      </AppProviders>,
    );
    return;
  }
  // A server-rendered page (the job explorer): its data is already here, and its route modules are
  // preloaded. Load them before the first render, which must match the HTML, and hydrate in a
  // transition so React yields to the browser instead of blocking it in one long task.
  hydrate(queryClient, ssr.queries);
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  await nextTask();
  prepareRouterState();
  await nextTask();
  const router = createRouter();
  await nextTask();
  beginHydration();
  startTransition(() => {
    hydrateRoot(
      container,
      <AppProviders queryClient={queryClient} user={ssr.user}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
}

/**
 * What creating the router does first, done a task earlier so that creating it stays short: the
 * first read of sessionStorage in a page opens the storage (several ms on a phone; the router reads
 * its view transitions and scroll positions there), and the router stamps history.state with an
 * index when it has none, as here (a history write). The router then finds both done.
 */
function prepareRouterState(): void {
  try {
    void window.sessionStorage.length;
  } catch {
    // Storage blocked: the router copes, as it does without this.
  }
  const state = window.history.state as Record<string, unknown> | null;
  if (state?.idx == null) window.history.replaceState({ ...state, idx: 0 }, '');
}
