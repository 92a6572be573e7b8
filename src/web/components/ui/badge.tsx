import type { HTMLAttributes } from 'react';

/** Light backgrounds with -800/-900 text: every pair passes WCAG AA (4.5:1) at small sizes. */
const TONES = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-blue-100 text-blue-800',
  purple: 'bg-purple-100 text-purple-800',
  orange: 'bg-orange-100 text-orange-900',
  slate: 'bg-slate-100 text-slate-800',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = 'slate', className = '', ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`} {...props} />;
}
