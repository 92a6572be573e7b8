import type { JobStatus } from '../../../contract/jobs';
import { Badge, type BadgeTone } from '../../components/ui/badge';

export const STATUS_LABELS: Record<JobStatus, string> = {
  posted: 'Open',
  locked: 'Locked',
  accepted: 'Accepted',
  in_progress: 'In Progress',
  completed: 'Completed',
  verified: 'Verified',
  paid: 'Paid',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
  refunded: 'Refunded',
};

/** Spec 4: the status hints. */
export const STATUS_HINTS: Partial<Record<JobStatus, string>> = {
  accepted: 'Waiting for coordinator contact',
  in_progress: 'Work is being done',
  completed: 'Waiting for verification',
  verified: 'Ready for payment',
};

const STATUS_TONES: Record<JobStatus, BadgeTone> = {
  posted: 'green',
  locked: 'orange',
  accepted: 'blue',
  in_progress: 'yellow',
  completed: 'purple',
  verified: 'green',
  paid: 'slate',
  cancelled: 'red',
  disputed: 'red',
  refunded: 'slate',
};

/** The status as a badge; with `withHint`, the spec's hint for it beside the badge. */
export function StatusBadge({ status, withHint = false }: { status: JobStatus; withHint?: boolean }) {
  const hint = withHint ? STATUS_HINTS[status] : undefined;
  const badge = (
    <Badge tone={STATUS_TONES[status]}>
      <span className="sr-only">Status: </span>
      {STATUS_LABELS[status]}
    </Badge>
  );
  if (!hint) return badge;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {badge}
      <span className="text-sm text-slate-700">{hint}</span>
    </span>
  );
}
