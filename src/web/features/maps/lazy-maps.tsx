import { lazy, Suspense, type ComponentProps } from 'react';

// Leaflet (about 40 kB gzip with its CSS) loads only where a map is shown, after the page itself.
const TourMapView = lazy(() => import('./tour-map'));
const PinMapView = lazy(() => import('./pin-map'));

/** The space a map takes while Leaflet loads, so the page does not jump. */
function MapPlaceholder() {
  return <div className="h-64 w-full rounded-2xl border border-slate-200 bg-slate-50" />;
}

/** A route's stops and round trip on a map. */
export function TourMap(props: ComponentProps<typeof TourMapView>) {
  return (
    <Suspense fallback={<MapPlaceholder />}>
      <TourMapView {...props} />
    </Suspense>
  );
}

/** A draggable pin on a map. */
export function PinMap(props: ComponentProps<typeof PinMapView>) {
  return (
    <Suspense fallback={<MapPlaceholder />}>
      <PinMapView {...props} />
    </Suspense>
  );
}
