import { useSearchParams } from 'react-router';

/**
 * The open tab of a screen, kept in the address (?tab=<value>), so Back from a page opened from a tab
 * returns to it. The first of `values` is the default and leaves the address bare.
 */
export function useTabParam<T extends string>(values: readonly T[]): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const fallback = values[0]!;
  const current = values.find((value) => value === asked) ?? fallback;
  const select = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === fallback) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return [current, select];
}
