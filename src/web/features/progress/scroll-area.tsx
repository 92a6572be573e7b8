import type { ReactNode } from 'react';

/**
 * Spec 2: the achievement and challenge lists scroll in a 400 px high area. A keyboard reaches the
 * scrolled content through the area itself (tab stop), as axe's scrollable-region-focusable asks.
 */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="max-h-[400px] overflow-y-auto rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-700" data-testid="progress-scroll-area">
      {children}
    </div>
  );
}
