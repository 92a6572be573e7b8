import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The top bar of an inner screen: a back link and the screen's title. */
export function PageHeader({ title, backTo = '/', backLabel = 'Back', actions }: { title: string; backTo?: string; backLabel?: string; actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-2 py-2 backdrop-blur">
      <Link to={backTo} aria-label={backLabel} className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
      </Link>
      <h1 className="flex-1 truncate text-lg font-bold">{title}</h1>
      {actions}
    </header>
  );
}
