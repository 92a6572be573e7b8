import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from '../../components/ui/query-state';

/**
 * An admin panel's list under its heading (issue 18): the read's loading line and failure in place,
 * a line of its own when the list is empty, else one item per row.
 */
export function ListSection<T, Item>({
  id,
  heading,
  label,
  query,
  what,
  items,
  empty,
  children,
}: {
  /** The heading's element id, which names the section. */
  id: string;
  heading: string;
  /** The list's accessible name. */
  label: string;
  query: QueryLike<T>;
  /** What failed to load, as 'Could not load {what}.' says it. */
  what: string;
  items: (data: T) => readonly Item[];
  empty: string;
  /** One row of the list (an `li` with its key). */
  children: (item: Item) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-bold">
        {heading}
      </h2>
      <QueryState query={query} what={what}>
        {(data) => {
          const list = items(data);
          return list.length === 0 ? (
            <p className="text-slate-700">{empty}</p>
          ) : (
            <ul aria-label={label} className="space-y-2">
              {list.map(children)}
            </ul>
          );
        }}
      </QueryState>
    </section>
  );
}
