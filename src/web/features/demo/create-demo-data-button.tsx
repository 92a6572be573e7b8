import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { demoQueries, useCreateDemoData } from './api';

/** Spec 2's demo-data action, shown only where the server says it creates demo data (never in production). */
export function CreateDemoDataButton() {
  const demo = useQuery(demoQueries.status());
  const create = useCreateDemoData();
  if (!demo.data?.enabled) return null;
  return (
    <Button
      variant="secondary"
      className="w-full"
      disabled={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: (result) => notify.success('Demo data created', `${result.jobsCreated} jobs were posted in your area.`),
          onError: (error) => notify.error('Failed to create demo data', serverMessage(error) ?? 'Please try again.'),
        })
      }
    >
      <Sparkles aria-hidden="true" className="h-5 w-5" />
      {create.isPending ? 'Creating Demo Data...' : 'Create Demo Data'}
    </Button>
  );
}
