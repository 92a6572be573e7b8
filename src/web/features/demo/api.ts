import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoDataResult } from '../../../contract/routes';
import { apiRequest } from '../../lib/api';
import { jobQueries } from '../jobs/api';

/** POST /api/demo/create-data (demo databases only; 404 elsewhere). Spec 7: then the jobs and teens lists refresh. */
export function useCreateDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DemoDataResult>('POST', '/api/demo/create-data'),
    // The teens' list is under the jobs' key: this refreshes both.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobQueries.all() }),
  });
}
