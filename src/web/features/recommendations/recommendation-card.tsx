import { Sparkles } from 'lucide-react';
import type { JobRecommendation } from '../../../contract/preferences';
import { JobCard, type JobCardPart } from '../jobs/job-card';

/** Spec 2 / issue 15: the two reasons that weighed most. */
const REASONS_SHOWN = 2;
const PARTS: readonly JobCardPart[] = ['duration', 'distance'];
const PARTS_WITH_SAFETY: readonly JobCardPart[] = [...PARTS, 'safety'];

/**
 * One recommended job: the job's card (title linking to its details, pay with 0 decimals, duration
 * as 'Xh Ym', distance), how well it matches, and why it was picked in the teen's own words.
 */
export function RecommendationCard({ job, showSafetyNotes }: { job: JobRecommendation; showSafetyNotes: boolean }) {
  return (
    <JobCard job={job} show={showSafetyNotes ? PARTS_WITH_SAFETY : PARTS} headingLevel={3}>
      <p className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
        <Sparkles aria-hidden="true" className="h-4 w-4" />
        {job.matchScore}% match
      </p>
      <ul aria-label="Why it was picked" className="w-full space-y-1 text-sm text-slate-700">
        {job.reasons.slice(0, REASONS_SHOWN).map((reason) => (
          <li key={reason.code} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-700">
              •
            </span>
            {reason.text}
          </li>
        ))}
      </ul>
    </JobCard>
  );
}
