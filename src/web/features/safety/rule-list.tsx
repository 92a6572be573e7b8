import type { RuleReference } from '../../../contract/safety';

/** Where a rule comes from, unless its own words say it already (a parent's row: "Your parent's limit: ..."). */
export function citationOf(rule: RuleReference): string | null {
  return rule.text.startsWith(rule.citation) ? null : rule.citation;
}

/** Rules in plain words, each with where it comes from (its citation). */
export function RuleList({ rules, label }: { rules: readonly RuleReference[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-2">
      {rules.map((rule) => {
        const citation = citationOf(rule);
        return (
          <li key={rule.id} className="rounded-lg bg-white/70 p-2 text-sm text-slate-800">
            {rule.text}
            {citation && (
              <span className="block text-xs text-slate-700">
                <span className="sr-only">Source: </span>
                {citation}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
