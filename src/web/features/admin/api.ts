import { queryOptions } from '@tanstack/react-query';
import type { AdminOverview } from '../../../contract/admin';
import { getJson } from '../../lib/api';

export const adminQueries = {
  overview: () =>
    queryOptions({
      queryKey: ['admin', 'overview'],
      queryFn: async () => (await getJson<AdminOverview>('/api/admin/overview'))!,
      staleTime: 10_000,
    }),
};
