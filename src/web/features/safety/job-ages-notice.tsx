import { useQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useMemo } from 'react';
import type { Equipment } from '../../../contract/job-constants';
import { rulesFor } from '../../../domain/safety-rules/rules';
import { safetyQueries } from './api';
import { jobAgesFor } from './job-ages';
import { RuleList } from './rule-list';

/**
 * The post form's line under the equipment (issue 21): as items are ticked, which ages can take the
 * job and the rules that say so. The server names the state whose law applies; the rows are the
 * engine's own table, which decides the job's minimumAge when it is posted.
 */
/** `id` names the summary, for the equipment's fieldset to be described by. */
export function JobAgesNotice({ id, equipment }: { id: string; equipment: readonly Equipment[] }) {
  const law = useQuery(safetyQueries.rules());
  const state = law.data?.state;
  const rules = useMemo(() => (state ? rulesFor(state) : null), [state]);
  const ages = rules ? jobAgesFor(equipment, rules) : null;
  const tone = !ages ? 'border-slate-200 bg-slate-50' : ages.minimumAge === 14 ? 'border-green-200 bg-green-50' : 'border-amber-300 bg-amber-50';
  // One live region throughout, so each change of the answer is read out as items are ticked.
  return (
    <div aria-live="polite" className={`space-y-2 rounded-lg border p-3 ${tone}`}>
      <p id={id} className="flex gap-2 text-sm font-semibold text-slate-900">
        <UsersRound aria-hidden="true" className="h-5 w-5 shrink-0" />
        <span>{ages ? ages.summary : 'Teens aged 14-15 may not use power-driven tools or ladders, and no one under 18 may use a chain saw or a wood chipper.'}</span>
      </p>
      {ages && ages.rules.length > 0 && <RuleList rules={ages.rules} label="The rules that apply" />}
    </div>
  );
}
