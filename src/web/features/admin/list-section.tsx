import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from '../../components/ui/query-state';
import { RowsOrEmpty, Section } from '../../components/ui/section';

/**
 * An admin panel's list under its heading (issue 18): the read's loading line and failure in place,
 * a line of its own when the list is empty, else one item per row.
 */
export function ListSection<T, Item>({
  heading,
  label,
  query,
  what,
  items,
  empty,
  children,
}: {
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
    <Section heading={heading}>
      <QueryState query={query} what={what}>
        {(data) => (
          <RowsOrEmpty items={items(data)} label={label} empty={empty}>
            {children}
          </RowsOrEmpty>
        )}
      </QueryState>
    </Section>
  );
}
