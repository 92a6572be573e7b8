import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoDataResult, DemoStatus } from '../../../contract/routes';
import { apiRequest, getJson } from '../../lib/api';
import { jobQueries } from '../jobs/api';

/** The only source of the demo data's query keys. */
export const demoQueries = {
  /** GET /api/demo: whether this server creates demo data; it cannot change while the server runs. */
  status: () =>
    queryOptions({
      queryKey: ['demo', 'status'] as const,
      queryFn: async () => (await getJson<DemoStatus>('/api/demo'))!,
      staleTime: Infinity,
    }),
};

/** POST /api/demo/create-data (demo databases only; 404 elsewhere). Spec 7: then the jobs and teens lists refresh. */
export function useCreateDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DemoDataResult>('POST', '/api/demo/create-data'),
    // The teens' list is under the jobs' key: this refreshes both.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobQueries.all() }),
  });
}
