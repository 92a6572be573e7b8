import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../contract/auth';
import type { Job } from '../../../contract/jobs';
import { OPEN_STATUSES } from '../../../domain/access';
import { progressQueries } from './api';
import { Stars } from './review-card';

/** The job's homeowner, once a teen accepted it (the server names the teen to them from then on). */
export function showsTeenReputation(user: User, job: Job): job is Job & { teenId: string; teenName: string } {
  return user.role === 'homeowner' && job.homeownerId === user.id && job.teenId !== null && job.teenName !== null && !OPEN_STATUSES.includes(job.status);
}

/**
 * What a homeowner sees of the teen who took their job (issue 16): the name as the server gives it
 * to them ('Maya L.'), the level title, the average rating and how many reviews it is from.
 */
export function TeenReputation({ teenId, teenName }: { teenId: string; teenName: string }) {
  const stats = useQuery(progressQueries.stats(teenId));
  if (!stats.data) return null;
  const { levelTitle, averageRating, reviewCount } = stats.data;
  return (
    <section aria-labelledby="teen-reputation-title" className="space-y-1 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="teen-reputation-title" className="font-bold text-slate-900">
        About {teenName}
      </h2>
      <p className="text-slate-800">{levelTitle}</p>
      {averageRating === null ? (
        <p className="text-sm text-slate-700">No reviews yet</p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <Stars rating={Math.round(averageRating)} />
          <span>
            {averageRating.toFixed(1)} from {reviewCount} {reviewCount === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      )}
    </section>
  );
}
