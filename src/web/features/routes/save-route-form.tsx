import { useState } from 'react';
import { defaultRouteName, ROUTE_NAME_MAX_LENGTH, ROUTE_NOTES_MAX_LENGTH, type OptimizationResult } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { TextareaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useSaveRoute } from './api';

/**
 * Keeps the optimized route (POST /api/routes): its stops in the optimized order, and the order the
 * jobs were chosen in so the server measures the same savings. The server recomputes every figure.
 */
export function SaveRouteForm({
  coordinatorId,
  date,
  startTime,
  result,
  chosenOrder,
  onSaved,
}: {
  coordinatorId: string;
  date: string;
  /** Local 'HH:MM' the round leaves the start. */
  startTime: string;
  result: OptimizationResult;
  chosenOrder: readonly string[];
  onSaved: () => void;
}) {
  const save = useSaveRoute();
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  return (
    <form
      className="space-y-3"
      aria-label="Save this route"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            coordinatorId,
            name: name.trim() || defaultRouteName(date),
            date,
            ...(notes.trim() ? { notes: notes.trim() } : {}),
            jobIds: result.stops.map((stop) => stop.jobId),
            chosenOrder: [...chosenOrder],
            // The same start as the result shown, so the saved legs and arrivals are the ones seen.
            start: result.start,
            startTime,
          },
          {
            onSuccess: (route) => {
              notify.success('Route saved!', `${route.name} is in Existing Routes.`);
              onSaved();
            },
            onError: (error) => notify.error('Failed to save route', serverMessage(error) ?? 'Please try again.'),
          },
        );
      }}
    >
      <Field label="Route name" value={name} onChange={(event) => setName(event.target.value)} placeholder={defaultRouteName(date)} maxLength={ROUTE_NAME_MAX_LENGTH} />
      <TextareaField label="Notes (optional)" rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={ROUTE_NOTES_MAX_LENGTH} />
      <Button type="submit" size="lg" className="w-full" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Route'}
      </Button>
    </form>
  );
}
