import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginHydration, useHydrated } from './use-hydrated';

function Go() {
  const hydrated = useHydrated();
  return (
    <button type="button" disabled={!hydrated}>
      Go
    </button>
  );
}

describe('useHydrated', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('is true from the first render of a screen the browser renders itself', () => {
    render(<Go />);
    expect(screen.getByRole('button', { name: 'Go' })).toBeEnabled();
  });

  it('matches the server HTML while hydrating (false), then turns true', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    // What the server sends: there, no browser, so the button is disabled.
    container.innerHTML = '<button type="button" disabled="">Go</button>';
    document.body.append(container);
    const button = container.querySelector('button')!;

    beginHydration();
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Go />, { onRecoverableError });
    });

    // Hydrated in place: the same element, no mismatch, and now it takes taps.
    expect(container.querySelector('button')).toBe(button);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(button).toBeEnabled();
    // A screen rendered after hydration starts hydrated.
    render(<Go />);
    expect(screen.getAllByRole('button', { name: 'Go' }).every((b) => !b.hasAttribute('disabled'))).toBe(true);
  });
});
