import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getJson } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { jobQueries } from '../jobs/api';
import { notificationQueries } from './api';

/** After the browser gives up on a stream (a non-200 answer), try again this much later. */
const REOPEN_MS = 10_000;

/**
 * Keeps the signed-in person's screens live: one EventSource on GET /api/events per tab; each
 * signal refetches the queries it concerns (what the person may see comes from the ordinary API).
 * Every (re)connection opens with `ready`, after which everything is refetched, so nothing that
 * happened while the stream was down is missed.
 */
export function LiveEvents() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let connectedBefore = false;
    const refreshNotifications = () => void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    const jobsFetching = () => queryClient.isFetching({ queryKey: jobQueries.all() }) > 0;
    /** Set while a signal waits for the job reads on their way to finish. */
    let afterReads: (() => void) | null = null;
    const refreshJobs = () => {
      // While this screen's own job action runs (the explorer's lock-then-accept, say), a refetch
      // could take its card, and the toast its callbacks show, away mid-way; the action refreshes
      // every job query itself when it settles, so the signal is already answered.
      if (queryClient.isMutating({ mutationKey: jobQueries.all() }) > 0) return;
      if (!jobsFetching()) return void queryClient.invalidateQueries({ queryKey: jobQueries.all() });
      // A read on its way (a Load more just tapped) would be cancelled by a refetch, and the list read
      // again only as long as it was: it finishes first, then everything is read again.
      afterReads ??= queryClient.getQueryCache().subscribe(() => {
        if (jobsFetching()) return;
        afterReads?.();
        afterReads = null;
        void queryClient.invalidateQueries({ queryKey: jobQueries.all() });
      });
    };

    const open = () => {
      source = new EventSource('/api/events', { withCredentials: true });
      source.addEventListener('ready', () => {
        // A notice raised between the bell's first fetch and this stream's opening reached no
        // stream, so every ready catches the bell up (a cheap query, fetched only if on screen).
        // A later ready follows a drop: the job screens catch up too.
        refreshNotifications();
        if (connectedBefore) refreshJobs();
        connectedBefore = true;
      });
      source.addEventListener('notification', refreshNotifications);
      // Lists may gain or lose the job, its details show the new status, counters change: only
      // the job queries on screen refetch, the rest are marked stale.
      source.addEventListener('job', refreshJobs);
      source.onerror = () => {
        // EventSource retries dropped connections itself; it gives up only on an HTTP error.
        if (source?.readyState === EventSource.CLOSED && !reopen) {
          // The refusal may be a 401: a session ended elsewhere (sign-out, a password reset, an
          // admin's suspension, issue 18). Asking the server signs this tab out at once if so.
          getJson('/api/auth/me').catch(() => undefined);
          reopen = setTimeout(() => {
            reopen = null;
            open();
          }, REOPEN_MS);
        }
      };
    };
    open();
    return () => {
      if (reopen) clearTimeout(reopen);
      afterReads?.();
      source?.close();
    };
  }, [userId, queryClient]);

  return null;
}
