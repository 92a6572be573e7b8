import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DISPUTE_REASON_MAX, DisputeStatementRequestSchema } from '../../../contract/payments';
import { Button } from '../../components/ui/button';
import { TextareaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { paymentQueries, useGiveDisputeStatement } from './api';

/** The teen on a disputed job reads the homeowner's reason and gives their side, once (issue 18). */
export function TeenDisputeSide({ jobId }: { jobId: string }) {
  const disputes = useQuery(paymentQueries.openDisputes());
  const give = useGiveDisputeStatement();
  const form = useForm<z.input<typeof DisputeStatementRequestSchema>, unknown, z.output<typeof DisputeStatementRequestSchema>>({
    resolver: zodResolver(DisputeStatementRequestSchema),
    defaultValues: { statement: '' },
  });
  const dispute = disputes.data?.disputes.find((d) => d.jobId === jobId);
  if (!dispute) return null;
  const onSubmit = form.handleSubmit((body) =>
    give.mutate(
      { disputeId: dispute.id, ...body },
      {
        onSuccess: () => notify.success('Your side was sent', 'The coordinator reads it before deciding.'),
        onError: (error) => {
          applyServerError(form, error);
          notify.error('Failed to send your side', serverMessage(error) ?? 'Please try again.');
        },
      },
    ),
  );
  return (
    <section aria-labelledby="dispute-side-heading" className="space-y-3 rounded-2xl border border-slate-200 p-4">
      <h2 id="dispute-side-heading" className="font-bold">
        The homeowner disputed this job
      </h2>
      <blockquote className="rounded-lg bg-slate-50 p-3 text-slate-800">{dispute.reason}</blockquote>
      {dispute.teenStatement ? (
        <p className="text-slate-800">
          <span className="block text-sm font-medium text-slate-700">Your side</span>
          {dispute.teenStatement}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <TextareaField
            label="Your side"
            rows={4}
            maxLength={DISPUTE_REASON_MAX}
            hint="A coordinator reads both sides before deciding. You can send it once."
            error={form.formState.errors.statement?.message}
            {...form.register('statement')}
          />
          <Button type="submit" className="w-full" disabled={give.isPending}>
            {give.isPending ? 'Sending...' : 'Send Your Side'}
          </Button>
        </form>
      )}
    </section>
  );
}
