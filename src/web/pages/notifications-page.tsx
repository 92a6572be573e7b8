import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Notification } from '../../contract/notifications';
import { formatTimeAgo } from '../../domain/format';
import { homePathForRole } from '../../domain/users';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button, buttonClasses } from '../components/ui/button';
import { LoadMore, QueryState } from '../components/ui/query-state';
import { notificationQueries, useMarkAllNotificationsRead, useMarkNotificationRead } from '../features/notifications/api';
import { EmptyState } from '../features/jobs/paged-job-list';

function NotificationItem({ notification, now }: { notification: Notification; now: Date }) {
  const markRead = useMarkNotificationRead();
  const unread = !notification.isRead;
  return (
    <article
      aria-labelledby={`notification-${notification.id}`}
      className={`space-y-2 rounded-2xl border p-4 ${unread ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`notification-${notification.id}`} className="flex items-center gap-2 font-semibold text-slate-900">
          {unread && (
            <>
              <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full bg-red-600" />
              <span className="sr-only">Unread: </span>
            </>
          )}
          {notification.title}
        </h2>
        <time dateTime={notification.createdAt} className="shrink-0 text-sm text-slate-600">
          {formatTimeAgo(new Date(notification.createdAt), now)}
        </time>
      </div>
      <p className="text-slate-700">{notification.body}</p>
      <div className="flex flex-wrap gap-2">
        {notification.jobId && (
          <Link
            to={`/job/${notification.jobId}`}
            className={buttonClasses('secondary', 'sm')}
            // Opening the job reads the notification.
            onClick={() => unread && markRead.mutate(notification.id)}
          >
            View job
          </Link>
        )}
        {unread && (
          <Button variant="ghost" size="sm" disabled={markRead.isPending} onClick={() => markRead.mutate(notification.id)}>
            Mark as read
          </Button>
        )}
      </div>
    </article>
  );
}

/** The notifications list the bell opens: newest first, each opening its job, read one by one or all at once. */
export default function NotificationsPage() {
  return (
    <RequireRole roles="any">
      {(user) => <NotificationList userId={user.id} backTo={homePathForRole(user.role)} />}
    </RequireRole>
  );
}

function NotificationList({ userId, backTo }: { userId: string; backTo: string }) {
  const query = useInfiniteQuery(notificationQueries.list(userId));
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.pages[0]?.unreadCount ?? 0;
  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const now = new Date();
  return (
    <>
      <PageHeader
        title="Notifications"
        backTo={backTo}
        backLabel="Back to home"
        actions={
          unread > 0 && (
            <Button variant="ghost" size="sm" disabled={markAll.isPending} onClick={() => markAll.mutate(userId)}>
              Mark all as read
            </Button>
          )
        }
      />
      <div className="space-y-3 p-4">
        <QueryState query={query} what="notifications" loading="Loading notifications...">
          {() =>
            notifications.length === 0 ? (
              <EmptyState title="No notifications yet" text="We'll tell you here when something happens with your jobs." />
            ) : (
              <>
                <p className="text-sm text-slate-700" role="status">
                  {unread === 0 ? 'All caught up' : `${unread} unread`}
                </p>
                <ul aria-label="Notifications" className="space-y-3">
                  {notifications.map((notification) => (
                    <li key={notification.id}>
                      <NotificationItem notification={notification} now={now} />
                    </li>
                  ))}
                </ul>
                <LoadMore query={query} />
              </>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
