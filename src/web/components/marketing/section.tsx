import { useId, type ReactNode } from 'react';

/** A titled block of a content page: a <section> named by its h2. */
export function Section({ title, intro, children, className = '' }: { title: string; intro?: ReactNode; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`px-4 py-6 ${className}`}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-slate-700">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
