import type { RouteStatus } from '../../../contract/routes';
import { Badge, type BadgeTone } from '../../components/ui/badge';

const LABELS: Record<RouteStatus, string> = { planned: 'Planned', in_progress: 'In Progress', completed: 'Completed' };
const TONES: Record<RouteStatus, BadgeTone> = { planned: 'blue', in_progress: 'yellow', completed: 'green' };

/** Spec 3: completed and in_progress by name; any other value shown as it comes. */
export function RouteStatusBadge({ status }: { status: RouteStatus }) {
  return (
    <Badge tone={TONES[status] ?? 'slate'}>
      <span className="sr-only">Status: </span>
      {LABELS[status] ?? status}
    </Badge>
  );
}
