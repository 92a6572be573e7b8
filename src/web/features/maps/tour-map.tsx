import { divIcon, featureGroup, latLngBounds, marker, polyline, type LatLngTuple } from 'leaflet';
import { useEffect } from 'react';
import type { Point } from '../../../contract/routes';
import { MAP_BACKGROUND, useLeafletMap } from './use-leaflet-map';

export interface TourStop extends Point {
  stopOrder: number;
  visitedAt?: string | null;
}

/** The brand's green (styles.css): SVG attributes cannot read CSS variables. */
const TOUR_COLOUR = '#15803d';

const badge = (text: string | number, classes: string) =>
  divIcon({ className: '', iconSize: [24, 24], html: `<span aria-hidden="true" class="flex h-6 w-6 items-center justify-center text-xs font-bold shadow ${classes}">${text}</span>` });

/**
 * The route on a map (lazily loaded with Leaflet): the start (where the round begins and ends) as a
 * square S, each stop a numbered circle in visiting order (filled once visited), the round trip one
 * line, framed to fit. The markers and line are drawn whether or not the tiles load.
 */
export default function TourMap({ start, stops, label }: { start: Point; stops: readonly TourStop[]; label: string }) {
  const [container, map] = useLeafletMap();
  // The parent gives new arrays on each render; the drawing changes only when a point or a visit does.
  const drawing = JSON.stringify([start, stops.map((s) => [s.latitude, s.longitude, s.stopOrder, Boolean(s.visitedAt)])]);
  useEffect(() => {
    if (!map) return;
    const [origin, visits] = JSON.parse(drawing) as [Point, [number, number, number, boolean][]];
    const home: LatLngTuple = [origin.latitude, origin.longitude];
    const points = visits.map(([lat, lng]): LatLngTuple => [lat, lng]);
    const layers = featureGroup([
      // Unsimplified: the line passes through every stop, however close two are.
      polyline([home, ...points, home], { color: TOUR_COLOUR, weight: 3, interactive: false, smoothFactor: 0 }),
      marker(home, { icon: badge('S', 'rounded bg-slate-900 text-white'), interactive: false, keyboard: false }),
      ...visits.map(([lat, lng, order, visited]) =>
        marker([lat, lng], {
          icon: badge(order, `rounded-full border-2 border-brand-800 ${visited ? 'bg-brand-800 text-white' : 'bg-white text-brand-900'}`),
          interactive: false,
          keyboard: false,
        }),
      ),
    ]).addTo(map);
    map.fitBounds(latLngBounds([home, ...points]), { padding: [24, 24], maxZoom: 16 });
    return () => void layers.remove();
  }, [map, drawing]);
  return (
    <figure aria-label={label} className="overflow-hidden rounded-2xl border border-slate-200">
      <div ref={container} data-testid="tour-map" className="h-64 w-full" style={{ background: MAP_BACKGROUND }} />
    </figure>
  );
}
