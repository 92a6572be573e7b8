import type { Equipment } from '../../../contract/job-constants';
import type { MinimumAge, RuleReference } from '../../../contract/safety';
import { equipmentRefusal, minimumAgeFor } from '../../../domain/safety-rules/engine';
import type { SafetyRule } from '../../../domain/safety-rules/rules';

/** Who may take a job with this equipment, in the post form's words, and the rules that say so. */
export interface JobAges {
  minimumAge: MinimumAge;
  summary: string;
  rules: RuleReference[];
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The post form's answer as equipment is ticked (issue 21): which ages can take the job, and why. */
export function jobAgesFor(equipment: readonly Equipment[], rules: readonly SafetyRule[]): JobAges {
  const minimumAge = minimumAgeFor(equipment, rules);
  if (minimumAge === 14) return { minimumAge, summary: 'Teens 14 and up can take this job.', rules: [] };
  // The ages minimumAgeFor found barred: 14 for a 16+ job, 16 for an adults-only one. The homeowner
  // reads the sentence a teen of that age would.
  const barredAge = minimumAge === 16 ? 14 : 16;
  const refusal = equipmentRefusal(barredAge, equipment, rules);
  if (!refusal) throw new Error(`minimumAgeFor barred age ${barredAge} from this equipment, but equipmentRefusal did not`);
  const summary = minimumAge === 18 ? `This job is for adults only: ${lowerFirst(refusal.message)}` : `Ages ${minimumAge}+: ${refusal.message}`;
  return { minimumAge, summary, rules: refusal.rules };
}
