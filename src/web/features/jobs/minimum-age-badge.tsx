import type { MinimumAge } from '../../../contract/safety';
import { Badge } from '../../components/ui/badge';

/** 'Ages 16+' or 'Ages 18+' (adults only) on a job the safety rules close to younger teens; nothing for 14+ (every teen). */
export function MinimumAgeBadge({ minimumAge }: { minimumAge: MinimumAge }) {
  if (minimumAge === 14) return null;
  return (
    <Badge tone={minimumAge === 18 ? 'orange' : 'purple'}>
      Ages {minimumAge}+
    </Badge>
  );
}
