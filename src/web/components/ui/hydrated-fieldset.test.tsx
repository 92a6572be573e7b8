import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { beginHydration } from '../../lib/use-hydrated';
import { HydratedFieldset } from './hydrated-fieldset';

describe('HydratedFieldset', () => {
  it('is disabled in the server HTML, takes input after hydration, and re-renders only itself', async () => {
    const renders = { page: 0, field: 0 };
    function Field() {
      renders.field += 1;
      return <input aria-label="Search jobs" />;
    }
    function Page() {
      renders.page += 1;
      return (
        <HydratedFieldset className="space-y-3">
          <Field />
        </HydratedFieldset>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = '<fieldset class="space-y-3" disabled=""><input aria-label="Search jobs"/></fieldset>';
    document.body.append(container);
    const fieldset = container.querySelector('fieldset')!;

    beginHydration();
    await act(async () => {
      hydrateRoot(container, <Page />);
    });

    expect(container.querySelector('fieldset')).toBe(fieldset);
    expect(fieldset).toBeEnabled();
    expect(fieldset).toHaveClass('space-y-3');
    // The switch re-rendered the fieldset, not the page or the fields in it.
    expect(renders).toEqual({ page: 1, field: 1 });
    container.remove();
  });
});
