import { useQuery } from '@tanstack/react-query';
import type { SafetyRules } from '../../../contract/safety';
import { Section } from '../../components/marketing/section';
import { QueryState } from '../../components/ui/query-state';
import { safetyQueries } from './api';
import { stateName } from './state-names';

type Row = SafetyRules['rules'][number];

interface AgeGroup {
  title: string;
  holds: (row: Row) => boolean;
}

/** The Safety page's groups, youngest first; a rule sits in the one its ages make it. */
const AGE_GROUPS: readonly AgeGroup[] = [
  { title: 'Ages 14-15', holds: (row) => row.minAge >= 14 && row.maxAge <= 15 },
  { title: 'Ages 16-17', holds: (row) => row.minAge >= 16 && row.maxAge <= 17 },
  // The rest covers every teen (14 to 17 and Yardly's own 14 and up), or says who Yardly is for.
  { title: 'Everyone under 18', holds: (row) => !(row.minAge >= 14 && row.maxAge <= 15) && !(row.minAge >= 16 && row.maxAge <= 17) },
];

function sourceOf(row: Row): string {
  switch (row.layer) {
    case 'federal':
      return 'Federal law';
    case 'state':
      return `${stateName(row.jurisdiction)} law`;
    case 'platform':
      return 'Yardly';
    case 'parent':
      return 'Your parent';
  }
}

function whoseLaw(law: SafetyRules): string {
  const state = stateName(law.state);
  return law.stateHasOwnRules
    ? `Yardly follows federal child labor law and ${state} law: where both set a limit, the stricter one applies. Yardly adds a few rules of its own, and a parent can set stricter limits still.`
    : `Yardly follows federal child labor law in ${state}, with a few rules of its own; a parent can set stricter limits still.`;
}

/**
 * 'Rules by age' on the Safety page (issue 21): every rule in force (GET /api/safety-rules) in
 * plain words with its citation, one table per age group. Fixed columns that wrap, so a 360 px
 * phone never scrolls sideways.
 */
export function RulesByAge() {
  const law = useQuery(safetyQueries.rules());
  return (
    <Section title="Rules by age" intro={law.data ? whoseLaw(law.data) : 'What teens of each age may do on Yardly, and the law behind it.'}>
      <QueryState query={law} what="the rules" loading="Loading the rules...">
        {(rules) => (
          <div className="space-y-6">
            {AGE_GROUPS.map((group) => ({ group, rows: rules.rules.filter(group.holds) }))
              .filter(({ rows }) => rows.length > 0)
              .map(({ group, rows }) => (
                <table key={group.title} className="w-full table-fixed border-collapse text-left text-sm">
                  <caption className="pb-2 text-left text-lg font-bold text-slate-900">{group.title}</caption>
                  <thead>
                    <tr className="border-b-2 border-slate-300">
                      <th scope="col" className="w-3/5 py-2 pr-3 font-semibold text-slate-800">
                        Rule
                      </th>
                      <th scope="col" className="py-2 font-semibold text-slate-800">
                        Source
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.id} className="border-b border-slate-200 align-top">
                        <td className="py-2 pr-3 text-slate-900 [overflow-wrap:anywhere]">{row.text}</td>
                        <td className="py-2 text-slate-700 [overflow-wrap:anywhere]">
                          <span className="block font-semibold text-slate-800">{sourceOf(row)}</span>
                          {row.citation}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ))}
          </div>
        )}
      </QueryState>
    </Section>
  );
}
