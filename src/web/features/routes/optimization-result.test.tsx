import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { OptimizationResult } from '../../../contract/routes';
import { OptimizationResultView } from './optimization-result';

const START = { latitude: 42.37, longitude: -71.11 };
const stop = (stopOrder: number, latitude: number, longitude: number) => ({
  stopOrder,
  jobId: `aaaaaaaa-0000-4000-8000-00000000000${stopOrder}`,
  address: `${stopOrder} Main St`,
  latitude,
  longitude,
  estimatedArrival: '2026-06-15T13:00:00.000Z',
  distanceFromPrevious: 0.5,
  travelTimeFromPrevious: 2,
});
const RESULT: OptimizationResult = {
  totalDistance: 2.5,
  estimatedDuration: 125,
  start: START,
  stops: [stop(1, 42.38, -71.1), stop(2, 42.36, -71.09), stop(3, 42.35, -71.12)],
  optimizationData: { savings: 0, routeEfficiency: 96.4, lowerBound: 2.41, method: 'heuristic', computeMs: 150 },
};

/** The map asks the server for its tiles: with no answer (as offline) it draws on a blank background. */
const withQueries = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

describe('OptimizationResultView', () => {
  it('names a heuristic result as such, with the bound it is measured against', () => {
    withQueries(<OptimizationResultView result={RESULT} date="2026-06-15" startTime="09:00" titleOf={() => undefined} />);
    expect(screen.getByText('heuristic')).toBeInTheDocument();
    expect(screen.getByText(/A near-shortest round trip, found by local search\./)).toHaveTextContent('(2.41 mi)');
    expect(screen.getByText('Route efficiency').nextElementSibling).toHaveTextContent('96.4%');
    expect(screen.getByText('Estimated duration').nextElementSibling).toHaveTextContent('2h 5m');
    // Without a job title (not in the loaded list), a stop is named by its address.
    expect(within(screen.getByRole('list', { name: 'Stops in order' })).getAllByRole('listitem')[0]).toHaveTextContent('Stop 1: 1 Main St');
  });

  it('maps the start and the stops in their order', async () => {
    withQueries(<OptimizationResultView result={RESULT} date="2026-06-15" startTime="09:00" titleOf={() => undefined} />);
    const map = await screen.findByRole('figure', { name: 'Map of the route: 3 stops in order, starting and ending at S' });
    await waitFor(() => expect([...map.querySelectorAll('.leaflet-marker-icon')].map((marker) => marker.textContent)).toEqual(['S', '1', '2', '3']));
  });
});
