import { LocateFixed, MapPinOff } from 'lucide-react';
import { useId, useState } from 'react';
import type { Point } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { canLocate, currentPosition } from '../../lib/geolocation';
import { notify } from '../../lib/toast';
import { PinMap } from '../maps/lazy-maps';

const PIN_LABEL = 'Job pin: drag it to the spot, or move it with the arrow keys';
const format = (point: Point) => `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`;

/**
 * Where exactly the job is (issue 17), for the coordinator's routes: a pin on a map that starts at the
 * ZIP code's centre and follows it until the homeowner drags it (or moves it with the arrow keys), or
 * 'Use My Location' pins it where the homeowner stands. An unmoved pin sends nothing, so the job takes
 * its ZIP code's centre (or its geocoded address). The server refuses a pin more than 15 miles from
 * that centre, and its message shows here.
 */
export function JobPointField({
  value,
  centre,
  onChange,
  error,
}: {
  value: Point | null;
  /** The ZIP code's centre; null while the ZIP code is unknown. */
  centre: Point | null;
  onChange: (point: Point | null) => void;
  error?: string;
}) {
  const [locating, setLocating] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const locate = async () => {
    setLocating(true);
    try {
      onChange(await currentPosition());
    } catch {
      notify.error('Could not find your location', 'Allow location for this site, or drag the pin.');
    } finally {
      setLocating(false);
    }
  };
  const shown = value ?? centre;
  return (
    <fieldset className="space-y-2" aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium text-slate-800">Exact spot (optional)</legend>
      <p id={hintId} className="text-sm text-slate-700" aria-live="polite">
        {value
          ? `Pinned at ${format(value)}.`
          : centre
            ? "The pin is at the ZIP code's centre: drag it to the job's spot, or use your location. Left there, the job is placed at the ZIP code's centre."
            : "Enter the job's ZIP code to place the pin on the map."}{' '}
        Only you, the teen who takes the job and your area&apos;s coordinator see the exact spot.
      </p>
      {shown && <PinMap point={shown} onMove={onChange} label={PIN_LABEL} />}
      <div className="flex flex-wrap gap-2">
        {canLocate() && (
          <Button size="sm" variant="secondary" disabled={locating} onClick={() => void locate()}>
            <LocateFixed aria-hidden="true" className="h-4 w-4" />
            {locating ? 'Finding you...' : value ? 'Pin Again Here' : 'Use My Location'}
          </Button>
        )}
        {value && (
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            <MapPinOff aria-hidden="true" className="h-4 w-4" />
            Remove Pin
          </Button>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
