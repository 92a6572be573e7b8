import type { LucideIcon } from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const TONES = {
  brand: 'bg-brand-100 text-brand-800',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-800',
} as const;

/** A list of points, each with an icon, a short title (h3) and a sentence. */
export function FeatureList({ items, tone = 'brand' }: { items: readonly Feature[]; tone?: keyof typeof TONES }) {
  return (
    <ul className="space-y-4">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3">
          <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${TONES[tone]}`}>
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="text-sm text-slate-700">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
