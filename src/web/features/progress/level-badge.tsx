import { levelColour, type LevelColour } from '../../../domain/progress/levels';
import { Badge, type BadgeTone } from '../../components/ui/badge';

/** Spec 9's level colours on the house's badge tones (grey is the house's slate). */
const TONE_OF: Record<LevelColour, BadgeTone> = { purple: 'purple', blue: 'blue', green: 'green', grey: 'slate' };

/** 'Level 3' in the spec's colour for that level; `data-colour` names it for tests and styles. */
export function LevelBadge({ level, className = '' }: { level: number; className?: string }) {
  const colour = levelColour(level);
  return (
    <Badge tone={TONE_OF[colour]} data-colour={colour} className={`text-sm ${className}`}>
      Level {level}
    </Badge>
  );
}
