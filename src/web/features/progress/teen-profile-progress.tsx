import { useQuery } from '@tanstack/react-query';
import { Award, CheckCircle2 } from 'lucide-react';
import type { UserStats } from '../../../contract/progress';
import { formatPay } from '../../../domain/format';
import { Counter } from '../../components/ui/counter';
import { QueryState } from '../../components/ui/query-state';
import { progressQueries } from './api';
import { LevelBadge } from './level-badge';
import { ReviewCard } from './review-card';

/** Spec 9: reviews shown on the profile. */
const PROFILE_REVIEWS = 3;

/** The teen's level (in spec 9's colour) and level title (spec 4, from paid jobs) for the profile's header. */
export function LevelTitle({ teenId }: { teenId: string }) {
  const stats = useQuery(progressQueries.stats(teenId));
  if (!stats.data) return null;
  return (
    <p className="flex items-center gap-2">
      <LevelBadge level={stats.data.level} />
      <span className="text-sm font-semibold text-brand-800">{stats.data.levelTitle}</span>
    </p>
  );
}

/** A teen's profile (spec 2): Achievement Badges, stat cards and Recent Reviews, all from real figures. */
export function TeenProfileProgress({ teenId }: { teenId: string }) {
  const stats = useQuery(progressQueries.stats(teenId));
  return (
    <>
      <QueryState query={stats} what="your progress" loading="Loading your progress...">
        {(data) => (
          <>
            <AchievementBadges stats={data} />
            <StatCards stats={data} />
          </>
        )}
      </QueryState>
      <RecentReviews teenId={teenId} />
    </>
  );
}

function AchievementBadges({ stats }: { stats: UserStats }) {
  return (
    <section aria-labelledby="badges-title" className="space-y-2">
      <h2 id="badges-title" className="text-lg font-bold">
        Achievement Badges
      </h2>
      <ul aria-label="Achievement badges" className="grid grid-cols-2 gap-2">
        {stats.badges.map((badge) => (
          <li
            key={badge.id}
            data-earned={badge.earned}
            className={`space-y-1 rounded-2xl border p-3 text-center ${badge.earned ? 'border-amber-300 bg-amber-50' : 'border-dashed border-slate-300 bg-slate-50'}`}
          >
            <Award aria-hidden="true" className={`mx-auto h-7 w-7 ${badge.earned ? 'text-amber-700' : 'text-slate-400'}`} />
            <p className="font-semibold text-slate-900">{badge.title}</p>
            <p className="text-xs text-slate-700">{badge.description}</p>
            <p className={`inline-flex items-center gap-1 text-xs font-semibold ${badge.earned ? 'text-green-800' : 'text-slate-700'}`}>
              {badge.earned && <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />}
              {badge.earned ? 'Earned' : 'Not yet'}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StatCards({ stats }: { stats: UserStats }) {
  const rating = stats.averageRating === null ? 'No rating yet' : `${stats.averageRating.toFixed(1)} (${stats.reviewCount})`;
  const streak = `${stats.currentStreak} ${stats.currentStreak === 1 ? 'week' : 'weeks'}`;
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Your stats
      </h2>
      <dl className="grid grid-cols-2 gap-2 text-center">
        <Counter label="Jobs Completed" value={String(stats.totalJobs)} />
        <Counter label="Total Earned" value={formatPay(stats.totalEarnings, 2)} />
        <Counter label="Rating" value={rating} />
        <Counter label="Streak" value={streak} />
      </dl>
    </section>
  );
}

function RecentReviews({ teenId }: { teenId: string }) {
  const reviews = useQuery(progressQueries.reviewsOf(teenId));
  return (
    <section aria-labelledby="reviews-title" className="space-y-2">
      <h2 id="reviews-title" className="text-lg font-bold">
        Recent Reviews
      </h2>
      <QueryState query={reviews} what="your reviews" loading="Loading reviews...">
        {(list) =>
          list.length === 0 ? (
            <p className="rounded-2xl bg-slate-50 p-4 text-center text-slate-700">No reviews yet</p>
          ) : (
            <ul aria-label="Recent reviews" className="space-y-2">
              {list.slice(0, PROFILE_REVIEWS).map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
