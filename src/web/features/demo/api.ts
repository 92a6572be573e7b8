import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoDataResult } from '../../../contract/routes';
import { apiRequest } from '../../lib/api';
import { jobQueries } from '../jobs/api';
import { teenQueries } from '../teens/api';

/** POST /api/demo/create-data (demo databases only; 404 elsewhere). Spec 7: then the jobs and teens lists refresh. */
export function useCreateDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DemoDataResult>('POST', '/api/demo/create-data'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobQueries.all() });
      void queryClient.invalidateQueries({ queryKey: teenQueries.all() });
    },
  });
}
