import { useInfiniteQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from '../../components/ui/query-state';
import { getJson } from '../../lib/api';
import { USER_STORAGE_KEY } from '../../lib/auth';
import { jobQueries } from '../jobs/api';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { LiveEvents } from './live-events';

/** A stand-in for the browser's EventSource: the test decides when it fails. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const fetchMock = vi.fn<typeof fetch>();
let sessionEnded = false;
beforeEach(() => {
  sessionEnded = false;
  FakeEventSource.opened = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/auth/me') return sessionEnded ? json(401, { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }) : json(200, TEEN);
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('LiveEvents', () => {
  it('signs the tab out when its stream is refused because the session ended elsewhere (an admin suspended the account)', async () => {
    renderSignedIn(<LiveEvents />, TEEN);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    sessionEnded = true;
    const stream = FakeEventSource.opened[0]!;
    stream.readyState = FakeEventSource.CLOSED;
    stream.onerror?.();
    await waitFor(() => expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/me', '/api/auth/me']);
  });

  it('keeps the tab signed in when the stream is refused for another reason', async () => {
    renderSignedIn(<LiveEvents />, TEEN);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const stream = FakeEventSource.opened[0]!;
    stream.readyState = FakeEventSource.CLOSED;
    stream.onerror?.();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });

  it('lets a Load more on its way finish when a job signal arrives, instead of cancelling it and reading the list one page long', async () => {
    let secondPage!: (response: Response) => void;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === '/pages/1') return json(200, { items: 'first', next: 2 });
      if (url === '/pages/2') return new Promise<Response>((resolve) => (secondPage = resolve));
      return json(200, {});
    });
    function Pages() {
      const query = useInfiniteQuery({
        queryKey: [...jobQueries.all(), 'pages-test'],
        queryFn: ({ pageParam }) => getJson<{ items: string; next: number | null }>(`/pages/${pageParam}`),
        initialPageParam: 1,
        getNextPageParam: (last) => last?.next ?? undefined,
      });
      return (
        <>
          <p>Read: {query.data?.pages.map((page) => page?.items).join(' ')}</p>
          <LoadMore query={query} />
        </>
      );
    }
    renderSignedIn(
      <>
        <LiveEvents />
        <Pages />
      </>,
      TEEN,
    );
    await screen.findByText('Read: first');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(secondPage).toBeDefined());
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.emit('job');
    const firstPageReads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/pages/1').length;
    expect(firstPageReads()).toBe(1);
    secondPage(json(200, { items: 'second', next: null }));
    expect(await screen.findByText('Read: first second')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // Then the signal is answered: both pages are read again.
    await waitFor(() => expect(firstPageReads()).toBe(2));
  });
});
