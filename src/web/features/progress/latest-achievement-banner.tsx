import { useQuery } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import { formatDate } from '../jobs/format';
import { progressQueries } from './api';

/**
 * Spec 2: a banner with the teen's latest achievement (the list is newest first). Nothing until
 * they earn one: the Progress tab says 'No achievements yet'.
 */
export function LatestAchievementBanner({ teenId }: { teenId: string }) {
  const earned = useQuery(progressQueries.achievements(teenId));
  const latest = earned.data?.[0];
  if (!latest) return null;
  return (
    <section aria-labelledby="latest-achievement-title" className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <Award aria-hidden="true" className="h-8 w-8 shrink-0 text-amber-700" />
      <div>
        <h2 id="latest-achievement-title" className="text-sm font-semibold text-amber-900">
          Latest achievement
        </h2>
        <p className="font-bold text-slate-900">{latest.title}</p>
        <p className="text-sm text-slate-700">{latest.description}</p>
        <p className="text-sm text-slate-700">
          +{latest.points} points · {formatDate(latest.earnedAt)}
        </p>
      </div>
    </section>
  );
}
