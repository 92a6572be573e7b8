import { useId, type ReactNode } from 'react';

/** A part of a screen under its heading, which names it for assistive technology. */
export function Section({ heading, className = 'space-y-2', children }: { heading: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A list's rows (`children` makes each `li` with its key), or a line saying there are none. */
export function RowsOrEmpty<Item>({
  items,
  label,
  empty,
  className = 'space-y-2',
  children,
}: {
  items: readonly Item[];
  label: string;
  empty: string;
  /** The list's classes: how far apart its rows stand. */
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul aria-label={label} className={className}>
      {items.map(children)}
    </ul>
  );
}
