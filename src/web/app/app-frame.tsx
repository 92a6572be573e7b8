import type { ReactNode } from 'react';

/** The phone-sized frame every screen lives in, shared by the SPA and the prerendered landing. */
export function AppFrame({ children, after, padForNav = false }: { children: ReactNode; after?: ReactNode; padForNav?: boolean }) {
  return (
    <div className="mx-auto min-h-dvh max-w-md bg-white shadow-sm">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <main id="main" className={padForNav ? 'pb-20' : ''}>
        {children}
      </main>
      {after}
    </div>
  );
}
