import { Check } from 'lucide-react';

const STEPS = ['Parent Info', 'E-Signature', 'Complete'] as const;

/** Spec 2: the three-step indicator; `current` is 0-based. */
export function ConsentSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol aria-label="Consent steps" className="flex items-start justify-between gap-2">
      {STEPS.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={label} aria-current={active ? 'step' : undefined} className="flex flex-1 flex-col items-center gap-1 text-center">
            <span
              aria-hidden="true"
              className={`flex h-9 w-9 items-center justify-center rounded-full text-sm font-bold ${
                done ? 'bg-brand-700 text-white' : active ? 'border-2 border-brand-700 bg-brand-50 text-brand-800' : 'border border-slate-300 bg-white text-slate-600'
              }`}
            >
              {done ? <Check className="h-4 w-4" /> : index + 1}
            </span>
            <span className={`text-xs font-semibold ${active || done ? 'text-brand-800' : 'text-slate-600'}`}>
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
