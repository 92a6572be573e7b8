import { queryOptions } from '@tanstack/react-query';
import type { Achievement } from '../../../contract/progress';
import { getJson } from '../../lib/api';
import { jobQueries } from '../jobs/api';

/** The only source of the progress capability's query keys (issue 16). */
export const progressQueries = {
  /**
   * The teen's earned achievements, newest first. Under the jobs' key: they are earned when a job is
   * paid, so the live stream's job signals refresh them.
   */
  achievements: (teenId: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'achievements', teenId] as const,
      queryFn: async () => (await getJson<Achievement[]>(`/api/achievements/${encodeURIComponent(teenId)}`))!,
      staleTime: 30_000,
    }),
};
