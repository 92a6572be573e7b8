import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/ui/query-state';
import { progressQueries } from './api';
import { LevelBadge } from './level-badge';
import { LeaderboardSwitch } from './leaderboard-switch';

/**
 * The area's board this season, to a teen who joined it; to one who has not, how to join. (Spec 2's
 * 'Coming Soon' is replaced by the real board, issue 16.)
 */
export function LeaderboardPanel({ teenId }: { teenId: string }) {
  const board = useQuery(progressQueries.leaderboard());
  return (
    <div className="space-y-4">
      <QueryState query={board} what="the leaderboard" loading="Loading the leaderboard...">
        {(data) =>
          !data.optedIn ? (
            <div className="space-y-1 rounded-2xl bg-slate-50 p-4">
              <h3 className="font-bold text-slate-900">Join the leaderboard</h3>
              <p className="text-sm text-slate-700">
                See how your season ranks against teens in your area. The leaderboard is off until you turn it on below; only teens who turned it on see it and appear on it.
              </p>
            </div>
          ) : data.entries.length === 0 ? (
            <p className="rounded-2xl bg-slate-50 p-6 text-center text-slate-700">Nobody has earned XP this season yet.</p>
          ) : (
            <ol aria-label={`Leaderboard, ${data.season}`} className="space-y-2">
              {data.entries.map((entry) => (
                <li
                  key={entry.rank}
                  className={`flex items-center gap-3 rounded-2xl border p-3 ${entry.isYou ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'}`}
                >
                  <span className="w-8 text-lg font-bold text-slate-900">#{entry.rank}</span>
                  <span className="flex-1 font-semibold text-slate-900">
                    {entry.name}
                    {entry.isYou && <span className="text-sm font-normal text-slate-700"> (you)</span>}
                  </span>
                  <LevelBadge level={entry.level} />
                  <span className="text-sm font-semibold text-slate-800">{entry.seasonExperiencePoints} XP</span>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
      <LeaderboardSwitch teenId={teenId} />
    </div>
  );
}
