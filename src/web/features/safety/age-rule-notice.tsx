import { ShieldAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { AgeRuleRefusal } from '../../lib/api';
import { RuleList } from './rule-list';

/**
 * A refusal by the safety rules by age (issue 21): the reason, every rule that said no with its
 * citation, and what is open instead. The same for the eligibility the page asked and for a call
 * the server refused.
 */
export function AgeRuleNotice({ refusal, title, children }: { refusal: AgeRuleRefusal; title: string; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-800" />
        {title}
      </h2>
      <p className="text-slate-900">{refusal.message}</p>
      {refusal.rules.length > 0 && <RuleList rules={refusal.rules} label="The rules that apply" />}
      {refusal.alternative && <p className="font-semibold text-slate-900">{refusal.alternative}</p>}
      {children}
    </section>
  );
}
