import { divIcon, marker, type Marker } from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { Point } from '../../../contract/routes';
import { MAP_BACKGROUND, useLeafletMap } from './use-leaflet-map';

/** About 30 metres north-south: one arrow key press. */
const KEY_STEP_DEGREES = 0.0003;
const PIN_ZOOM = 16;

/** Six decimals: about 10 cm, finer than any pin is placed. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

const PIN_ICON = divIcon({
  className: '',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
  html: '<span aria-hidden="true" class="yardly-pin"></span>',
});

/**
 * A draggable pin at `point` (lazily loaded with Leaflet). Dragging it, or the arrow keys while it has
 * focus (a keyboard's way to drag), report the new point; a `point` from outside (the ZIP code's
 * centre, the homeowner's location) moves it and brings it into view.
 */
export default function PinMap({ point, onMove, label }: { point: Point; onMove: (point: Point) => void; label: string }) {
  const [container, map] = useLeafletMap();
  const pin = useRef<Marker | null>(null);
  const moved = useEffectEvent((next: Point) => onMove({ latitude: rounded(next.latitude), longitude: rounded(next.longitude) }));
  const startingPoint = useEffectEvent((): [number, number] => [point.latitude, point.longitude]);
  const { latitude, longitude } = point;

  useEffect(() => {
    if (!map) return;
    // A marker is drawn only once the map has a view: frame the pin first.
    const at = startingPoint();
    map.setView(at, PIN_ZOOM);
    const created = marker(at, { icon: PIN_ICON, draggable: true, keyboard: true, title: label, autoPan: true }).addTo(map);
    created.on('dragend', () => {
      const { lat, lng } = created.getLatLng();
      moved({ latitude: lat, longitude: lng });
    });
    const element = created.getElement()!;
    const steps: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const onKey = (event: KeyboardEvent) => {
      const step = steps[event.key];
      if (!step) return;
      // The pin moves, not the map (Leaflet pans the map with the arrows otherwise).
      event.preventDefault();
      event.stopPropagation();
      const { lat, lng } = created.getLatLng();
      // A step east as long as a step north.
      const eastScale = Math.cos((lat * Math.PI) / 180);
      moved({ latitude: lat + step[0] * KEY_STEP_DEGREES, longitude: lng + (step[1] * KEY_STEP_DEGREES) / eastScale });
    };
    element.addEventListener('keydown', onKey);
    pin.current = created;
    return () => {
      element.removeEventListener('keydown', onKey);
      created.remove();
      pin.current = null;
    };
  }, [map, label]);

  useEffect(() => {
    if (!pin.current || !map) return;
    pin.current.setLatLng([latitude, longitude]);
    // A new ZIP code's centre may be off screen: bring the pin into view, keeping the person's zoom.
    map.panInside([latitude, longitude], { padding: [28, 28] });
  }, [map, latitude, longitude]);

  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200">
      <div ref={container} data-testid="pin-map" className="h-64 w-full" style={{ background: MAP_BACKGROUND }} />
    </div>
  );
}
