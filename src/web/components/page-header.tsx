import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

const BACK_CLASSES = 'inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100';

/**
 * The top bar of an inner screen: a back link and the screen's title. The arrow leads to `backTo`;
 * with `returnToPrevious` it returns to the screen the person came from in this tab (a screen
 * reached from several, such as a job's details: the explorer, My Jobs, a dashboard), and to
 * `backTo` when the tab opened on this screen.
 */
export function PageHeader({
  title,
  backTo = '/',
  backLabel = 'Back',
  returnToPrevious = false,
  actions,
}: {
  title: string;
  backTo?: string;
  backLabel?: string;
  returnToPrevious?: boolean;
  actions?: ReactNode;
}) {
  const arrow = <ArrowLeft aria-hidden="true" className="h-5 w-5" />;
  return (
    <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-2 py-2 backdrop-blur">
      {returnToPrevious ? (
        <PreviousScreenLink fallback={backTo} label={backLabel}>
          {arrow}
        </PreviousScreenLink>
      ) : (
        <Link to={backTo} aria-label={backLabel} className={BACK_CLASSES}>
          {arrow}
        </Link>
      )}
      <h1 className="flex-1 truncate text-lg font-bold">{title}</h1>
      {actions}
    </header>
  );
}

function PreviousScreenLink({ fallback, label, children }: { fallback: string; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  // The tab's first screen has the key 'default': nothing of ours lies behind it.
  const hasPrevious = useLocation().key !== 'default';
  return (
    <Link
      to={fallback}
      aria-label={label}
      className={BACK_CLASSES}
      onClick={(event) => {
        if (!hasPrevious) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      {children}
    </Link>
  );
}
