import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Eligibility, ParentLimits, SafetyRules, WorkHours } from '../../../contract/safety';
import { apiRequest, getJson } from '../../lib/api';
import { jobQueries } from '../jobs/api';

const limitsUrl = (token: string) => `/api/parental-consent/${encodeURIComponent(token)}/limits`;

/** The only source of the safety rules' query keys (issue 21). */
export const safetyQueries = {
  /** Every row of the law in force: the same for everyone until the server restarts with another STATE. */
  rules: () =>
    queryOptions({
      queryKey: ['safety', 'rules'] as const,
      queryFn: async () => (await getJson<SafetyRules>('/api/safety-rules'))!,
      staleTime: Infinity,
    }),
  /**
   * Whether the signed-in teen may lock this job now. Under the jobs' key, so every job mutation's
   * refresh (a lock, an accept, a change the live stream brings) asks again.
   */
  eligibility: (jobId: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'eligibility', jobId] as const,
      queryFn: async () => (await getJson<Eligibility>(`/api/jobs/${encodeURIComponent(jobId)}/eligibility`))!,
      staleTime: 5_000,
    }),
  /** The teen's hours today and this week against their limits; under the jobs' key, since their jobs are what count. */
  workHours: (teenId: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'work-hours', teenId] as const,
      queryFn: async () => (await getJson<WorkHours>(`/api/teens/${encodeURIComponent(teenId)}/work-hours`))!,
      staleTime: 15_000,
    }),
  /** The parent's own limits, through the signed consent link: read with apiRequest so a refusal keeps its code. */
  parentLimits: (token: string) =>
    queryOptions({
      queryKey: ['safety', 'parent-limits', token] as const,
      queryFn: () => apiRequest<ParentLimits>('GET', limitsUrl(token)),
      staleTime: 0,
    }),
};

/** The parent saves their limits; the answer is what the server now holds. */
export function useSaveParentLimits(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: ParentLimits) => apiRequest<ParentLimits>('PUT', limitsUrl(token), limits),
    onSuccess: (saved) => queryClient.setQueryData(safetyQueries.parentLimits(token).queryKey, saved),
  });
}
