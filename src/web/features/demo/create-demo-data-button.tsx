import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError, serverMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useCreateDemoData } from './api';

/**
 * Spec 2's demo-data action. Nothing tells the web beforehand whether this server has demo data
 * enabled, so the button shows until the call answers 404 (not a demo server), then goes for good.
 */
export function CreateDemoDataButton() {
  const create = useCreateDemoData();
  const [unavailable, setUnavailable] = useState(false);
  if (unavailable) return null;
  return (
    <Button
      variant="secondary"
      className="w-full"
      disabled={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: (result) => notify.success('Demo data created', `${result.jobsCreated} jobs were posted in your area.`),
          onError: (error) => {
            if (error instanceof ApiError && error.status === 404) setUnavailable(true);
            else notify.error('Failed to create demo data', serverMessage(error) ?? 'Please try again.');
          },
        })
      }
    >
      <Sparkles aria-hidden="true" className="h-5 w-5" />
      {create.isPending ? 'Creating Demo Data...' : 'Create Demo Data'}
    </Button>
  );
}
