import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDisputeList,
  AdminOverview,
  AdminUserDetail,
  AdminUserList,
  AdminUsersQuery,
  AdminUserSummary,
  AuditLog,
  AuditLogQuery,
  Coordinator,
  CoordinatorList,
  CreateCoordinatorRequest,
  CreateServiceAreaRequest,
  ServiceArea,
  ServiceAreaList,
  SuspendUserRequest,
} from '../../../contract/admin';
import type { AdminChallenge, AdminChallengeList, CreateChallengeRequest, SeasonalChallenge, UpdateChallengeRequest } from '../../../contract/progress';
import { apiRequest, getJson } from '../../lib/api';

/** A list's filters as the server reads them: empty ones are left out of the query and the key. */
function searchOf(filters: AdminUsersQuery | AuditLogQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, cursor })) if (value) params.set(name, value);
  return params.toString();
}

/** The only source of admin query keys. */
export const adminQueries = {
  all: () => ['admin'] as const,
  overview: () =>
    queryOptions({
      queryKey: ['admin', 'overview'],
      queryFn: async () => (await getJson<AdminOverview>('/api/admin/overview'))!,
      staleTime: 10_000,
    }),
  /** People page after page ('Load more' follows nextCursor). */
  people: (filters: AdminUsersQuery) =>
    infiniteQueryOptions({
      queryKey: ['admin', 'people', searchOf(filters, null)] as const,
      queryFn: async ({ pageParam }) => (await getJson<AdminUserList>(`/api/admin/users?${searchOf(filters, pageParam)}`))!,
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 10_000,
    }),
  /** The audit log, newest first, page after page. */
  auditLog: (filters: AuditLogQuery) =>
    infiniteQueryOptions({
      queryKey: ['admin', 'audit-log', searchOf(filters, null)] as const,
      queryFn: async ({ pageParam }) => (await getJson<AuditLog>(`/api/admin/audit-log?${searchOf(filters, pageParam)}`))!,
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 5_000,
    }),
  serviceAreas: () =>
    queryOptions({
      queryKey: ['admin', 'service-areas'] as const,
      queryFn: async () => (await getJson<ServiceAreaList>('/api/admin/service-areas'))!,
      staleTime: 10_000,
    }),
  coordinators: () =>
    queryOptions({
      queryKey: ['admin', 'coordinators'] as const,
      queryFn: async () => (await getJson<CoordinatorList>('/api/admin/coordinators'))!,
      staleTime: 10_000,
    }),
  /** Every seasonal challenge, upcoming to ended (the teens' list shows only the started ones). */
  challenges: () =>
    queryOptions({
      queryKey: ['admin', 'challenges'] as const,
      queryFn: async () => (await getJson<AdminChallengeList>('/api/admin/seasonal-challenges'))!,
      staleTime: 10_000,
    }),
  openDisputes: () =>
    queryOptions({
      queryKey: ['admin', 'disputes', 'open'] as const,
      queryFn: async () => (await getJson<AdminDisputeList>('/api/admin/disputes?status=open'))!,
      staleTime: 10_000,
    }),
  person: (id: string) =>
    queryOptions({
      queryKey: ['admin', 'person', id] as const,
      queryFn: async () => (await getJson<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`))!,
      staleTime: 5_000,
    }),
};

/** A person's status changed: their page, the lists and the counts may all show it. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminQueries.all() });
}

export function useSuspendUser() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ userId, ...body }: SuspendUserRequest & { userId: string }) =>
      apiRequest<AdminUserSummary>('POST', `/api/admin/users/${encodeURIComponent(userId)}/suspend`, body),
    onSettled: refresh,
  });
}

export function useReactivateUser() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<AdminUserSummary>('POST', `/api/admin/users/${encodeURIComponent(userId)}/reactivate`, {}),
    onSettled: refresh,
  });
}

export function useAddServiceArea() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (body: CreateServiceAreaRequest) => apiRequest<ServiceArea>('POST', '/api/admin/service-areas', body),
    onSettled: refresh,
  });
}

export function useSetServiceAreaActive() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ zipCode, active }: { zipCode: string; active: boolean }) =>
      apiRequest<ServiceArea>('PATCH', `/api/admin/service-areas/${encodeURIComponent(zipCode)}`, { active }),
    onSettled: refresh,
  });
}

export function useCreateCoordinator() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (body: CreateCoordinatorRequest) => apiRequest<Coordinator>('POST', '/api/admin/coordinators', body),
    onSettled: refresh,
  });
}

export function useSetCoordinatorZipCodes() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ coordinatorId, zipCodes }: { coordinatorId: string; zipCodes: string[] }) =>
      apiRequest<Coordinator>('PATCH', `/api/admin/coordinators/${encodeURIComponent(coordinatorId)}`, { zipCodes }),
    onSettled: refresh,
  });
}

export function useCreateChallenge() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (body: CreateChallengeRequest) => apiRequest<SeasonalChallenge>('POST', '/api/seasonal-challenges', body),
    onSettled: refresh,
  });
}

export function useUpdateChallenge() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ challengeId, ...body }: UpdateChallengeRequest & { challengeId: string }) =>
      apiRequest<AdminChallenge>('PATCH', `/api/seasonal-challenges/${encodeURIComponent(challengeId)}`, body),
    onSettled: refresh,
  });
}
