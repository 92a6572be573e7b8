import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OptimizationResult } from '../../../contract/routes';
import { projectPoints } from './map-projection';
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

describe('OptimizationResultView', () => {
  it('names a heuristic result as such, with the bound it is measured against', () => {
    render(<OptimizationResultView result={RESULT} date="2026-06-15" startTime="09:00" titleOf={() => undefined} />);
    expect(screen.getByText('heuristic')).toBeInTheDocument();
    expect(screen.getByText(/A near-shortest round trip, found by local search\./)).toHaveTextContent('(2.41 mi)');
    expect(screen.getByText('Route efficiency').nextElementSibling).toHaveTextContent('96.4%');
    expect(screen.getByText('Estimated duration').nextElementSibling).toHaveTextContent('2h 5m');
    // Without a job title (not in the loaded list), a stop is named by its address.
    expect(within(screen.getByRole('list', { name: 'Stops in order' })).getAllByRole('listitem')[0]).toHaveTextContent('Stop 1: 1 Main St');
  });

  it('draws the tour from the start through the stops in their order and back, each marker where its point projects', () => {
    render(<OptimizationResultView result={RESULT} date="2026-06-15" startTime="09:00" titleOf={() => undefined} />);
    const map = screen.getByRole('img', { name: 'Map of the route: 3 stops in order, starting and ending at S' });
    const [s, a, b, c] = projectPoints([START, ...RESULT.stops], 320, 220, 22);
    expect(map.querySelector('polyline')!.getAttribute('points')).toBe([s, a, b, c, s].map((p) => `${p!.x},${p!.y}`).join(' '));
    const circles = [...map.querySelectorAll('circle')].map((circle) => [Number(circle.getAttribute('cx')), Number(circle.getAttribute('cy'))]);
    expect(circles).toEqual([a, b, c].map((p) => [p!.x, p!.y]));
  });
});
