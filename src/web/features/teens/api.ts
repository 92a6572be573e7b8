import { queryOptions } from '@tanstack/react-query';
import type { CoordinatorTeenList } from '../../../contract/routes';
import { getJson } from '../../lib/api';
import { jobQueries } from '../jobs/api';

/** The only source of the coordinator's teens' query keys (issue 17). */
export const teenQueries = {
  /** Under the jobs' key: a teen's active jobs change with every job change. */
  all: () => [...jobQueries.all(), 'teens'] as const,
  /** GET /api/teens/coordinator/{id}: the teens of the coordinator's ZIP codes, with availability. */
  managed: (coordinatorId: string) =>
    queryOptions({
      queryKey: [...teenQueries.all(), 'coordinator', coordinatorId] as const,
      queryFn: async () => (await getJson<CoordinatorTeenList>(`/api/teens/coordinator/${encodeURIComponent(coordinatorId)}`))!,
      staleTime: 30_000,
    }),
};
