import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { routes } from './router';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderFirstScreen(path: string) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // ScrollRestoration's; jsdom has none
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProviders>,
  );
}

describe('the route table', () => {
  it.each(['/help', '/no-such-screen'])("opens %s as the tab's first screen without React Router's HydrateFallback warning", async (path) => {
    const warn = vi.spyOn(console, 'warn');
    renderFirstScreen(path);

    // While the screen's code loads, the shell is already there (its skip link) with nothing in the screen's place.
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(warn.mock.calls.flat().join('\n')).not.toContain('HydrateFallback');
  });
});
