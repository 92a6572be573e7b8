import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateJobRequest, Job, JobAction, JobCategory, JobList, JobStatus, JobSummary, QuickFilter } from '../../../contract/jobs';
import { isSearchable } from '../../../contract/job-search';
import { apiRequest, getJson } from '../../lib/api';

/** What GET /api/jobs filters on; absent keys are not sent. */
export interface JobFilters {
  status?: readonly JobStatus[];
  category?: JobCategory;
  quick?: QuickFilter;
  search?: string;
  teenId?: string;
  homeownerId?: string;
  coordinatorId?: string;
  limit?: number;
}

/** One canonical shape per filter set, so equal filters share one cache entry. */
function normalize(filters: JobFilters): JobFilters {
  const search = filters.search?.trim();
  return {
    ...(filters.status?.length ? { status: [...filters.status] } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.quick && filters.quick !== 'all' ? { quick: filters.quick } : {}),
    // A search too short to narrow by is not sent (the server refuses it): the list stays as it is until it can.
    ...(search && isSearchable(search) ? { search } : {}),
    ...(filters.teenId ? { teenId: filters.teenId } : {}),
    ...(filters.homeownerId ? { homeownerId: filters.homeownerId } : {}),
    ...(filters.coordinatorId ? { coordinatorId: filters.coordinatorId } : {}),
    ...(filters.limit ? { limit: filters.limit } : {}),
  };
}

/** GET /api/jobs's query for these filters; a server render of a list asks the service the same. */
export function listQuery(filters: JobFilters, cursor?: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(normalize(filters))) {
    query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  if (cursor) query.cursor = cursor;
  return query;
}

function listUrl(filters: JobFilters, cursor?: string | null): string {
  const query = new URLSearchParams(listQuery(filters, cursor)).toString();
  return query ? `/api/jobs?${query}` : '/api/jobs';
}

const fetchList = async (filters: JobFilters, cursor?: string | null) => (await getJson<JobList>(listUrl(filters, cursor)))!;

/** The only source of job query keys (conventions: client data access). */
export const jobQueries = {
  all: () => ['jobs'] as const,
  lists: () => ['jobs', 'list'] as const,
  list: (filters: JobFilters) =>
    queryOptions({
      queryKey: [...jobQueries.lists(), normalize(filters)] as const,
      queryFn: () => fetchList(filters),
      staleTime: 15_000,
    }),
  /** The same list, page after page ('Load more' follows nextCursor). */
  pages: (filters: JobFilters) =>
    infiniteQueryOptions({
      queryKey: [...jobQueries.lists(), 'pages', normalize(filters)] as const,
      queryFn: ({ pageParam }) => fetchList(filters, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 15_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['jobs', 'detail', id] as const,
      queryFn: async () => (await getJson<Job>(`/api/jobs/${encodeURIComponent(id)}`))!,
      staleTime: 5_000,
    }),
  summary: (userId: string) =>
    queryOptions({
      queryKey: ['jobs', 'summary', userId] as const,
      queryFn: async () => (await getJson<JobSummary>(`/api/users/${encodeURIComponent(userId)}/job-summary`))!,
      staleTime: 15_000,
    }),
};

/** The endpoint behind each transition the server offers in `job.actions`. */
const ACTION_ENDPOINTS: Record<JobAction, string> = {
  lock: 'accept',
  finalize: 'finalize-lock',
  release: 'release-lock',
  start: 'start',
  complete: 'complete',
  verify: 'verify',
  cancel: 'cancel',
  withdraw: 'withdraw',
  pay: 'release-payment',
  dispute: 'dispute',
};
/** Spec 7 sends the teen's own id with the lock calls. */
const TEEN_BODY_ACTIONS: readonly JobAction[] = ['lock', 'finalize', 'release'];

function postAction(jobId: string, action: JobAction, userId: string): Promise<Job> {
  const body = TEEN_BODY_ACTIONS.includes(action) ? { teenId: userId } : {};
  return apiRequest<Job>('POST', `/api/jobs/${encodeURIComponent(jobId)}/${ACTION_ENDPOINTS[action]}`, body);
}

/**
 * Every job mutation carries the key `jobQueries.all()` and refreshes all job queries when it
 * settles: live updates hold their refetches while one runs (see LiveEvents).
 */
function useJobsInvalidation() {
  const queryClient = useQueryClient();
  return {
    store: (job: Job) => {
      queryClient.setQueryData(jobQueries.detail(job.id).queryKey, job);
    },
    // A failed call also refreshes: the job may have changed under us (taken, expired). Not
    // awaited, so the caller's own callbacks (toasts) run before a refetch can unmount its card.
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: jobQueries.all() });
    },
  };
}

/** Applies one of `job.actions` for the signed-in user. */
export function useJobAction() {
  const { store, refresh } = useJobsInvalidation();
  return useMutation({
    mutationKey: jobQueries.all(),
    mutationFn: ({ jobId, action, userId }: { jobId: string; action: JobAction; userId: string }) => postAction(jobId, action, userId),
    onSuccess: store,
    onSettled: refresh,
  });
}

/**
 * The explorer's Accept Job (design 5): lock, then accept, in one confirmed step. If the second
 * call fails the lock is handed back, so a half-done accept never blocks the job for 15 minutes.
 */
export function useAcceptJob() {
  const { store, refresh } = useJobsInvalidation();
  return useMutation({
    mutationKey: jobQueries.all(),
    mutationFn: async ({ jobId, userId }: { jobId: string; userId: string }) => {
      const locked = await postAction(jobId, 'lock', userId);
      if (locked.status === 'accepted') return locked;
      try {
        return await postAction(jobId, 'lock', userId);
      } catch (error) {
        // The released job says when this teen may lock it again (the cooldown): kept for the explorer's card.
        await postAction(jobId, 'release', userId).then(store, () => undefined);
        throw error;
      }
    },
    onSuccess: store,
    onSettled: refresh,
  });
}

export function useCreateJob() {
  const { store, refresh } = useJobsInvalidation();
  return useMutation({
    mutationKey: jobQueries.all(),
    mutationFn: (payload: CreateJobRequest) => apiRequest<Job>('POST', '/api/jobs', payload),
    onSuccess: store,
    onSettled: refresh,
  });
}
