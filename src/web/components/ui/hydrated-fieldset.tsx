import type { ComponentProps } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A fieldset whose controls take input once React can see them (disabled in the server's HTML and
 * while the browser hydrates it; see useHydrated). Only the fieldset re-renders when that changes:
 * the children are the caller's elements, which React leaves alone.
 */
export function HydratedFieldset(props: Omit<ComponentProps<'fieldset'>, 'disabled'>) {
  const hydrated = useHydrated();
  return <fieldset {...props} disabled={!hydrated} />;
}
