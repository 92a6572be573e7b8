import { queryOptions } from '@tanstack/react-query';
import { RECOMMENDATIONS_SHOWN } from '../../../contract/preference-constants';
import type { JobRecommendations } from '../../../contract/preferences';
import { getJson } from '../../lib/api';
import { jobQueries } from '../jobs/api';

const recommendationsUrl = (teenId: string, limit: number) => `/api/teens/${encodeURIComponent(teenId)}/job-recommendations?limit=${limit}`;

/** The only source of the recommendations' query keys (issue 15). */
export const recommendationQueries = {
  /**
   * Every recommendation list of this teen. Under the jobs' key, so whatever refreshes the job
   * screens refreshes them too: the live stream's job signals (a job another teen took leaves, a new
   * one that matches arrives) and the teen's own job actions.
   */
  all: (teenId: string) => [...jobQueries.all(), 'recommendations', teenId] as const,
  /** The dashboard's cards: spec 9 shows at most 3. Spec 7: cached 5 minutes, no retry (a failure shows the fallback at once). */
  list: (teenId: string, limit: number = RECOMMENDATIONS_SHOWN) =>
    queryOptions({
      queryKey: [...recommendationQueries.all(teenId), limit] as const,
      queryFn: async () => (await getJson<JobRecommendations>(recommendationsUrl(teenId, limit)))!,
      staleTime: 5 * 60 * 1000,
      retry: false,
    }),
};
