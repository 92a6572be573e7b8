import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import type { Point } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api';
import { canLocate, currentPosition } from '../../lib/geolocation';
import { notify } from '../../lib/toast';
import { useSetRouteBase } from '../users/api';

/**
 * The coordinator's base, S on the map, where every route starts and ends: their first ZIP code's
 * centre until they set it here from where they are (or reset it). `onChanged` lets a shown result go,
 * since it started from the old base.
 */
export function RouteBase({ onChanged }: { onChanged: () => void }) {
  const setBase = useSetRouteBase();
  const [locating, setLocating] = useState(false);
  const save = (base: Point | null) =>
    setBase.mutate(base, {
      onSuccess: () => {
        notify.success(base ? 'Base set' : 'Base reset', base ? 'Your routes now start and end where you are.' : "Your routes start and end at your first ZIP code's centre.");
        onChanged();
      },
      onError: (error) => notify.error('Failed to set your base', serverMessage(error) ?? 'Please try again.'),
    });
  const locateAndSave = async () => {
    setLocating(true);
    try {
      save(await currentPosition());
    } catch {
      notify.error('Could not find your location', 'Allow location for this site, or try again outside.');
    } finally {
      setLocating(false);
    }
  };
  const busy = locating || setBase.isPending;
  return (
    <div className="space-y-2 rounded-2xl border border-slate-200 p-3">
      <p className="text-sm text-slate-700">
        Routes start and end at your base (S on the map): your first ZIP code&apos;s centre until you set it.
      </p>
      <div className="flex flex-wrap gap-2">
        {canLocate() && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void locateAndSave()}>
            <LocateFixed aria-hidden="true" className="h-4 w-4" />
            {locating ? 'Finding you...' : 'Use My Location as Base'}
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => save(null)}>
          Reset Base
        </Button>
      </div>
    </div>
  );
}
