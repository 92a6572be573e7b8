import type { Equipment } from '../../../contract/job-constants';
import type { MinimumAge, RuleReference } from '../../../contract/safety';
import { decide, minimumAgeFor } from '../../../domain/safety-rules/engine';
import type { SafetyRule } from '../../../domain/safety-rules/rules';
import { NOTHING_BOOKED } from '../../../domain/safety-rules/work';

/** Who may take a job with this equipment, in the post form's words, and the rules that say so. */
export interface JobAges {
  minimumAge: MinimumAge;
  summary: string;
  rules: RuleReference[];
}

// What the equipment rules say does not depend on the day, the hours or the school year: a lock is
// decided on what the job is. Any day does, at an age on it.
const ANY_DAY = '2026-01-15';
const bornToBe = (age: number) => `${Number(ANY_DAY.slice(0, 4)) - age}${ANY_DAY.slice(4)}`;

/**
 * The engine's own refusal of this equipment to a teen of `age`, so
 * the homeowner reads the sentence a teen would: 'Teens under 16 may not use a power lawn mower
 * (federal child labor rule, 29 CFR 570.33).' Only the equipment rows are asked.
 */
function refusalAt(age: number, equipment: readonly Equipment[], equipmentRules: readonly SafetyRule[]) {
  const verdict = decide(
    'lock',
    { equipment, category: 'lawn_care', physicalDemands: 'easy', estimatedDuration: 0 },
    { dateOfBirth: bornToBe(age), day: ANY_DAY, startMinutes: 0, booked: NOTHING_BOOKED, calendar: { name: '', years: [] }, rules: equipmentRules },
  );
  return verdict.allowed ? null : verdict;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The post form's answer as equipment is ticked (issue 21): which ages can take the job, and why. */
export function jobAgesFor(equipment: readonly Equipment[], rules: readonly SafetyRule[]): JobAges {
  const minimumAge = minimumAgeFor(equipment, rules);
  if (minimumAge === 14) return { minimumAge, summary: 'Teens 14 and up can take this job.', rules: [] };
  const equipmentRules = rules.filter((rule) => rule.limit.kind === 'no-equipment');
  // The ages minimumAgeFor found barred: 14 for a 16+ job, 16 for an adults-only one.
  const barredAge = minimumAge === 16 ? 14 : 16;
  const refusal = refusalAt(barredAge, equipment, equipmentRules);
  if (!refusal) throw new Error(`minimumAgeFor barred age ${barredAge} from this equipment, but decide did not`);
  const summary = minimumAge === 18 ? `This job is for adults only: ${lowerFirst(refusal.message)}` : `Ages ${minimumAge}+: ${refusal.message}`;
  return { minimumAge, summary, rules: refusal.rules };
}
