import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '../../../contract/notifications';
import { apiRequest, getJson } from '../../lib/api';

const listUrl = (userId: string, cursor: string | null) =>
  `/api/notifications/${encodeURIComponent(userId)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** The only source of notification query keys; live events keep it fresh, so it never goes stale on its own. */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: (userId: string) =>
    infiniteQueryOptions({
      queryKey: ['notifications', userId] as const,
      queryFn: async ({ pageParam }) => (await getJson<NotificationList>(listUrl(userId, pageParam)))!,
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 60_000,
    }),
};

function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
}

export function useMarkNotificationRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Notification>('POST', `/api/notifications/${encodeURIComponent(id)}/read`),
    onSettled: refresh,
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<{ updated: number }>('POST', `/api/notifications/${encodeURIComponent(userId)}/read-all`),
    onSettled: refresh,
  });
}
