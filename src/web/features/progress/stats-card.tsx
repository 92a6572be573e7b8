import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '../../../contract/progress';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { QueryState } from '../../components/ui/query-state';
import { progressQueries } from './api';
import { LevelBadge } from './level-badge';

/** The Progress tab's stats card (spec 2): the level in its colour and the XP towards the next one. */
export function StatsCard({ teenId }: { teenId: string }) {
  const stats = useQuery(progressQueries.stats(teenId));
  return (
    <QueryState query={stats} what="your progress" loading="Loading your progress...">
      {(data) => <StatsCardView stats={data} />}
    </QueryState>
  );
}

function StatsCardView({ stats }: { stats: UserStats }) {
  const { level, experiencePoints: xp, levelStartsAt, nextLevelAt } = stats;
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">Your Level</h2>
        <LevelBadge level={level} />
      </div>
      <p className="text-2xl font-bold text-slate-900">{xp.toLocaleString('en-US')} XP</p>
      {nextLevelAt === null ? (
        <p className="text-sm text-slate-700">Top level reached.</p>
      ) : (
        <>
          <Progress
            value={xp - levelStartsAt}
            max={nextLevelAt - levelStartsAt}
            label={`XP towards level ${level + 1}`}
            valueText={`${xp} of ${nextLevelAt} XP`}
          />
          <p className="text-sm text-slate-700">
            {(nextLevelAt - xp).toLocaleString('en-US')} XP to Level {level + 1} (at {nextLevelAt.toLocaleString('en-US')} XP)
          </p>
        </>
      )}
    </Card>
  );
}
