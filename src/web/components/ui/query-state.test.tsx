import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoadMore, QueryState } from './query-state';

const KEY = ['figures'];

/** A read the test answers by hand: each call waits until the test settles it. */
function manualRead() {
  const calls: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const read = () => new Promise<string>((resolve, reject) => calls.push({ resolve, reject }));
  return { read, calls };
}

function Figures({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: KEY, queryFn: read });
  return (
    <QueryState query={query} what="the figures" loading="Loading figures...">
      {(data) => <p>Figures: {data}</p>}
    </QueryState>
  );
}

function renderFigures(read: () => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Figures read={read} />
    </QueryClientProvider>,
  );
  return client;
}

describe('QueryState', () => {
  it('says its loading line as a status, then shows the data', async () => {
    const { read, calls } = manualRead();
    renderFigures(read);
    expect(screen.getByRole('status')).toHaveTextContent('Loading figures...');
    await act(async () => calls[0]!.resolve('12'));
    expect(await screen.findByText('Figures: 12')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a failed read as an alert and reads again on Try Again, keeping the failure until data arrives', async () => {
    const { read, calls } = manualRead();
    renderFigures(read);
    await act(async () => calls[0]!.reject(new Error('down')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the figures.');

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(calls).toHaveLength(2);
    // The second read is on its way: the failure stays, its button says so and waits.
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the figures.');
    expect(screen.getByRole('button', { name: 'Trying again...' })).toBeDisabled();
    expect(screen.queryByText('Loading figures...')).not.toBeInTheDocument();

    await act(async () => calls[1]!.resolve('7'));
    expect(await screen.findByText('Figures: 7')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps showing a failure, not the loading line, while a live update reads it again', async () => {
    const { read, calls } = manualRead();
    const client = renderFigures(read);
    await act(async () => calls[0]!.reject(new Error('down')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the figures.');

    // What a live signal does: invalidate, and the query (never successful, so reset to pending) reads again.
    await act(async () => void client.invalidateQueries({ queryKey: KEY }));
    expect(calls).toHaveLength(2);
    expect(client.getQueryState(KEY)?.status).toBe('pending');
    expect(await screen.findByRole('button', { name: 'Trying again...' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the figures.');
    expect(screen.queryByText('Loading figures...')).not.toBeInTheDocument();

    await act(async () => calls[1]!.reject(new Error('still down')));
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await act(async () => calls[2]!.resolve('3'));
    expect(await screen.findByText('Figures: 3')).toBeInTheDocument();
  });

  it('says a failed refresh of data it had, as before', async () => {
    const { read, calls } = manualRead();
    const client = renderFigures(read);
    await act(async () => calls[0]!.resolve('12'));
    expect(await screen.findByText('Figures: 12')).toBeInTheDocument();
    await act(async () => void client.invalidateQueries({ queryKey: KEY }));
    await act(async () => calls[1]!.reject(new Error('down')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the figures.');
  });
});

describe('LoadMore', () => {
  /** Pages 0, 1 and 2 of a list; each read waits until the test settles it. */
  function Pages({ read }: { read: () => Promise<string> }) {
    const query = useInfiniteQuery({
      queryKey: ['pages'],
      queryFn: async ({ pageParam }) => `${pageParam}:${await read()}`,
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => (pages.length < 3 ? pages.length : undefined),
    });
    return (
      <>
        <p>Pages: {query.data?.pages.join(' ')}</p>
        <LoadMore query={query} loading="Loading more figures..." />
      </>
    );
  }

  it('reads the next page, says so while it is on its way, and goes once the last page is here', async () => {
    const { read, calls } = manualRead();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Pages read={read} />
      </QueryClientProvider>,
    );
    await act(async () => calls[0]!.resolve('a'));
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(screen.getByRole('button', { name: 'Loading more figures...' })).toBeDisabled();
    await act(async () => calls[1]!.resolve('b'));
    await person.click(await screen.findByRole('button', { name: 'Load more' }));
    await act(async () => calls[2]!.resolve('c'));
    expect(await screen.findByText('Pages: 0:a 1:b 2:c')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
