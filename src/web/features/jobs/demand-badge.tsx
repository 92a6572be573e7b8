import type { PhysicalDemand } from '../../../contract/jobs';
import { Badge, type BadgeTone } from '../../components/ui/badge';

export const DEMAND_LABELS: Record<PhysicalDemand, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
/** Spec 2: easy green, medium yellow, hard red. */
const DEMAND_TONES: Record<PhysicalDemand, BadgeTone> = { easy: 'green', medium: 'yellow', hard: 'red' };

export function DemandBadge({ demand }: { demand: PhysicalDemand }) {
  return (
    <Badge tone={DEMAND_TONES[demand]}>
      <span className="sr-only">Physical demands: </span>
      {DEMAND_LABELS[demand]}
    </Badge>
  );
}
