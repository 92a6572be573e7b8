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
  // preloaded. Load them before the first render, which must match the HTML, then create the router
  // and hydrate, each in a task of its own (without these steps Lighthouse's TBT tripled, decision
  // 013), hydrating in a transition so React yields to the browser instead of blocking it.
  hydrate(queryClient, ssr.queries);
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
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
