import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../jobs/test-fixtures';
import { TourMap } from './lazy-maps';

const START = { latitude: 42.37, longitude: -71.11 };
const STOPS = [
  { stopOrder: 1, latitude: 42.38, longitude: -71.1, visitedAt: '2026-06-15T13:06:00.000Z' },
  { stopOrder: 2, latitude: 42.36, longitude: -71.09, visitedAt: null },
  { stopOrder: 3, latitude: 42.35, longitude: -71.12 },
];

describe('TourMap', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function renderMap() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <TourMap start={START} stops={STOPS} label="Map of the route" />
      </QueryClientProvider>,
    );
  }

  it('draws S and the numbered stops in visiting order, the visited one filled, over the configured tiles', async () => {
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/map' ? json(200, { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example <Maps>', attributionUrl: 'https://maps.example.org/terms?a=1&b=2' }) : json(500, {})));
    renderMap();
    const map = await screen.findByRole('figure', { name: 'Map of the route' });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(4));
    const markers = [...map.querySelectorAll('.leaflet-marker-icon')];
    expect(markers.map((m) => m.textContent)).toEqual(['S', '1', '2', '3']);
    expect(markers.map((m) => m.querySelector('span')!.classList.contains('bg-brand-800'))).toEqual([false, true, false, false]);
    // Tiles from MAP_TILE_URL, and its credit as text (never as markup).
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(map.querySelector('img.leaflet-tile')!.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.org\/\d+\/\d+\/\d+\.png$/);
    const credit = within(map.querySelector<HTMLElement>('.leaflet-control-attribution')!).getByRole('link', { name: '© Example <Maps>' });
    expect(credit).toHaveAttribute('href', 'https://maps.example.org/terms?a=1&b=2');
  });

  it('draws the round trip from S through the stops in their order and back, with no tiles at all', async () => {
    // Offline: GET /api/map fails too. jsdom lays nothing out, so the map is given a phone's size.
    fetchMock.mockResolvedValue(json(503, {}));
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(256);
    renderMap();
    const map = await screen.findByRole('figure', { name: 'Map of the route' });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(4));
    expect(map.querySelector('img.leaflet-tile')).toBeNull();
    const at = (element: Element) => {
      const style = (element as HTMLElement).style;
      return [parseFloat(style.left), parseFloat(style.top)];
    };
    const [s, ...stops] = [...map.querySelectorAll('.leaflet-marker-icon')].map(at);
    const vertices = [...map.querySelector('.leaflet-overlay-pane path')!.getAttribute('d')!.matchAll(/[ML]([-\d.]+) ([-\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(vertices).toEqual([s, ...stops, s]);
    // Framed: every marker inside the map.
    for (const [x, y] of [s!, ...stops]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(360);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(256);
    }
  });
});
