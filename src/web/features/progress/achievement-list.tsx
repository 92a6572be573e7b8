import { useQuery } from '@tanstack/react-query';
import type { Rarity } from '../../../contract/progress';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { formatDate } from '../jobs/format';
import { progressQueries } from './api';
import { ScrollArea } from './scroll-area';

export const RARITY_TONES: Record<Rarity, BadgeTone> = { common: 'slate', rare: 'blue', epic: 'purple', legendary: 'orange' };
const RARITY_LABELS: Record<Rarity, string> = { common: 'Common', rare: 'Rare', epic: 'Epic', legendary: 'Legendary' };

/** The teen's earned achievements, newest first: title, description, rarity, points and when. */
export function AchievementList({ teenId }: { teenId: string }) {
  const earned = useQuery(progressQueries.achievements(teenId));
  return (
    <QueryState query={earned} what="your achievements" loading="Loading achievements...">
      {(achievements) =>
        achievements.length === 0 ? (
          <p className="rounded-2xl bg-slate-50 p-6 text-center text-slate-700">No achievements yet</p>
        ) : (
          <ScrollArea label="Achievements">
            <ul aria-label="Your achievements" className="space-y-2">
              {achievements.map((a) => (
                <li key={a.id}>
                  <article aria-labelledby={`achievement-${a.id}`} className="space-y-1 rounded-2xl border border-slate-200 bg-white p-3">
                    <div className="flex items-start justify-between gap-2">
                      <h3 id={`achievement-${a.id}`} className="font-bold text-slate-900">
                        {a.title}
                      </h3>
                      <Badge tone={RARITY_TONES[a.rarity]}>{RARITY_LABELS[a.rarity]}</Badge>
                    </div>
                    <p className="text-sm text-slate-700">{a.description}</p>
                    <p className="flex justify-between text-sm text-slate-700">
                      <span className="font-semibold text-brand-800">+{a.points} points</span>
                      <span>Earned {formatDate(a.earnedAt)}</span>
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          </ScrollArea>
        )
      }
    </QueryState>
  );
}
