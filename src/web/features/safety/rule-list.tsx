import type { RuleReference } from '../../../contract/safety';

/** Rules in plain words, each with where it comes from (its citation). */
export function RuleList({ rules, label }: { rules: readonly RuleReference[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-2">
      {rules.map((rule) => (
        <li key={rule.id} className="rounded-lg bg-white/70 p-2 text-sm text-slate-800">
          {rule.text}
          <span className="block text-xs text-slate-700">
            <span className="sr-only">Source: </span>
            {rule.citation}
          </span>
        </li>
      ))}
    </ul>
  );
}
