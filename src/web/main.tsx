import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createQueryClient } from './app/query-client';
import { createRouter, routes } from './app/router';
import { readSsrState } from './app/ssr-state';
import './styles.css';

const container = document.getElementById('root')!;
const ssr = readSsrState();
const queryClient = createQueryClient();

if (ssr) {
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
  const router = createRouter();
  startTransition(() => {
    hydrateRoot(
      container,
      <AppProviders queryClient={queryClient} user={ssr.user}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
} else {
  createRoot(container).render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createRouter()} />
    </AppProviders>,
  );
}
