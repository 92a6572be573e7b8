import type { ReactNode } from 'react';
import { Button } from './button';

/** What QueryState reads of a TanStack Query result: useQuery's and useInfiniteQuery's alike. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  errorUpdateCount: number;
  refetch: () => Promise<unknown>;
}

/** The line a screen shows while its first read is on its way. */
export function LoadingLine({ text = 'Loading...' }: { text?: string }) {
  return (
    <p role="status" className="py-6 text-center text-slate-700">
      {text}
    </p>
  );
}

/** A read that failed, said in place with a way to try again; `retrying` while another read is on its way. */
export function LoadFailed({ what, retry, retrying = false }: { what: string; retry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-center">
      <p className="font-semibold text-red-800">Could not load {what}.</p>
      <Button variant="secondary" onClick={retry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try Again'}
      </Button>
    </div>
  );
}

/** What LoadMore reads of a TanStack infinite query's result. */
export interface PagedQueryLike {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under a paged list while the server has more; `loading` while the next page is on its way. */
export function LoadMore({ query, loading = 'Loading more...' }: { query: PagedQueryLike; loading?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" className="w-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {query.isFetchingNextPage ? loading : 'Load more'}
    </Button>
  );
}

/**
 * A query's three states in one place: its loading line (`loading`), 'Could not load {what}.' with
 * Try Again, or `children` with the data.
 */
export function QueryState<T>({
  query,
  what,
  loading,
  children,
}: {
  query: QueryLike<T>;
  what: string;
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  // A query that never had data goes back to pending (its error cleared) whenever it reads again, as
  // on a live update's refetch or Try Again: it has failed before (errorUpdateCount), so the failure
  // stands until data arrives instead of the loading line flashing back.
  const failed = query.isError || (query.data === undefined && query.errorUpdateCount > 0);
  if (failed) return <LoadFailed what={what} retry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data === undefined) return <LoadingLine text={loading} />;
  return <>{children(query.data)}</>;
}
