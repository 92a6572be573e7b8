import { CheckCircle2, CirclePlay, Clock, MapPin, Navigation, ShieldAlert, Tag, UserRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LABELS } from '../../../contract/job-constants';
import type { Job } from '../../../contract/jobs';
import { formatDistance, formatDuration, formatPay } from '../../../domain/format';
import { DemandBadge } from './demand-badge';
import { formatDateTime } from './format';
import { MinimumAgeBadge } from './minimum-age-badge';
import { StatusBadge } from './status-badge';

export type JobCardPart =
  | 'status'
  | 'hint'
  | 'category'
  | 'duration'
  | 'distance'
  | 'description'
  | 'location'
  | 'demands'
  | 'ages'
  | 'safety'
  | 'teen'
  | 'startedAt'
  | 'completedAt';

/**
 * One job as a card, the same on every list. `show` picks the optional parts a screen needs;
 * title and pay (0 decimals, spec 9) are always there; `children` holds the screen's buttons.
 * 'ages' shows 'Ages 16+' or 'Ages 18+' where the job is closed to younger teens.
 * 'teen' shows who took the job as far as the server lets this person know ('Maya L.' to a homeowner).
 */
export function JobCard({
  job,
  show,
  linkTitle = true,
  headingLevel = 2,
  children,
}: {
  job: Job;
  show: readonly JobCardPart[];
  linkTitle?: boolean;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const has = (part: JobCardPart) => show.includes(part);
  const distance = has('distance') ? formatDistance(job.distance) : null;
  const teenName = has('teen') ? job.teenName : null;
  const startedAt = has('startedAt') ? formatDateTime(job.startedAt) : null;
  const completedAt = has('completedAt') ? formatDateTime(job.completedAt) : null;
  // Issue 21: 'Ages 16+' where the safety rules close a job to younger teens.
  const ages = has('ages') && job.minimumAge > 14;
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <Heading id={titleId} className="text-lg font-bold leading-snug text-slate-900">
          {linkTitle ? (
            <Link to={`/job/${job.id}`} className="hover:underline">
              {job.title}
            </Link>
          ) : (
            job.title
          )}
        </Heading>
        <p className="shrink-0 text-xl font-bold text-brand-800">
          <span className="sr-only">Pay: </span>
          {formatPay(job.payAmount, 0)}
        </p>
      </div>
      {(has('status') || has('demands') || ages) && (
        <div className="flex flex-wrap items-center gap-2">
          {has('status') && <StatusBadge status={job.status} withHint={has('hint')} />}
          {has('demands') && <DemandBadge demand={job.physicalDemands} />}
          {ages && <MinimumAgeBadge minimumAge={job.minimumAge} />}
        </div>
      )}
      {(has('category') || has('duration') || distance) && (
        <ul aria-label="Job facts" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {has('category') && (
            <li className="inline-flex items-center gap-1">
              <Tag aria-hidden="true" className="h-4 w-4" />
              {CATEGORY_LABELS[job.category]}
            </li>
          )}
          {has('duration') && (
            <li className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Duration: </span>
              {formatDuration(job.estimatedDuration)}
            </li>
          )}
          {distance && (
            <li className="inline-flex items-center gap-1">
              <Navigation aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Distance: </span>
              {distance}
            </li>
          )}
        </ul>
      )}
      {has('description') && <p className="line-clamp-3 text-slate-800">{job.description}</p>}
      {has('location') && job.location && (
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="sr-only">Location: </span>
          {job.location}
        </p>
      )}
      {teenName && (
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <UserRound aria-hidden="true" className="h-4 w-4 shrink-0" />
          Taken by {teenName}
        </p>
      )}
      {startedAt && (
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <CirclePlay aria-hidden="true" className="h-4 w-4 shrink-0" />
          Started {startedAt}
        </p>
      )}
      {completedAt && (
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          Completed {completedAt}
        </p>
      )}
      {has('safety') && job.safetyNotes && (
        <p className="flex gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <span className="font-semibold">Safety notes: </span>
            {job.safetyNotes}
          </span>
        </p>
      )}
      {children && <div className="flex flex-wrap gap-2 empty:hidden">{children}</div>}
    </article>
  );
}
