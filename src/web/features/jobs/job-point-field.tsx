import { LocateFixed, MapPinOff } from 'lucide-react';
import { useId, useState } from 'react';
import type { Point } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { canLocate, currentPosition } from '../../lib/geolocation';
import { notify } from '../../lib/toast';

/**
 * Where exactly the job is (issue 17), for the coordinator's routes: 'Use My Location' pins it where
 * the homeowner stands; without a pin it takes its ZIP code's centre. The server refuses a pin more
 * than 15 miles from that centre, and its message shows here.
 */
export function JobPointField({ value, onChange, error }: { value: Point | null; onChange: (point: Point | null) => void; error?: string }) {
  const [locating, setLocating] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const locate = async () => {
    setLocating(true);
    try {
      onChange(await currentPosition());
    } catch {
      notify.error('Could not find your location', 'Allow location for this site, or post without a pin.');
    } finally {
      setLocating(false);
    }
  };
  if (!canLocate() && !value) return null;
  return (
    <fieldset className="space-y-2" aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium text-slate-800">Exact spot (optional)</legend>
      <p id={hintId} className="text-sm text-slate-700">
        {value
          ? `Pinned where you are now (${value.latitude.toFixed(5)}, ${value.longitude.toFixed(5)}).`
          : "Post from the yard to pin it where you stand; without a pin the job is placed at its ZIP code's centre."}{' '}
        Only you, the teen who takes the job and your area&apos;s coordinator see the exact spot.
      </p>
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
