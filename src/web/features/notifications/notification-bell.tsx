import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { notificationQueries } from './api';

/** Spec 2, dashboard header: the bell, with a dot while anything is unread; it opens the list. */
export function NotificationBell({ userId }: { userId: string }) {
  const { data } = useInfiniteQuery(notificationQueries.list(userId));
  const unread = data?.pages[0]?.unreadCount ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <Bell aria-hidden="true" className="h-5 w-5" />
      {unread > 0 && <span data-testid="unread-dot" className="absolute top-2.5 right-2.5 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white" />}
    </Link>
  );
}
