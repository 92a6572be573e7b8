import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ResolveDisputeRequestSchema, type Dispute, type DisputeOutcome, type ResolveDisputeRequest } from '../../../contract/payments';
import { formatPay } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { serverMessage } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { formatDateTime } from '../jobs/format';
import { useResolveDispute } from './api';

const OUTCOMES: { value: DisputeOutcome; label: string }[] = [
  { value: 'pay', label: 'Pay the teen in full' },
  { value: 'partial', label: 'Pay part, refund the rest' },
  { value: 'refund', label: 'Refund the homeowner' },
];

/**
 * The server's resolution, read from the card: the amount is typed in dollars, and it goes only
 * with a partial payment (a value left in the hidden field is not sent).
 */
const ResolveDisputeFormSchema = z
  .object({ outcome: z.string().pipe(ResolveDisputeRequestSchema.shape.outcome), teenAmount: z.string() })
  .transform(({ outcome, teenAmount }): ResolveDisputeRequest =>
    outcome === 'partial' && teenAmount.trim() !== '' ? { outcome, teenAmount: Number(teenAmount).toFixed(2) } : { outcome },
  )
  .pipe(ResolveDisputeRequestSchema);

/** The coordinator's decision on one open dispute (design 1: coordinators mediate disputes). */
export function ResolveDisputeCard({ dispute }: { dispute: Dispute }) {
  const titleId = useId();
  const resolve = useResolveDispute();
  const form = useForm<z.input<typeof ResolveDisputeFormSchema>, unknown, z.output<typeof ResolveDisputeFormSchema>>({
    resolver: zodResolver(ResolveDisputeFormSchema),
    defaultValues: { outcome: '', teenAmount: '' },
  });
  const { register, handleSubmit, control } = form;
  const { errors } = form.formState;
  const outcome = useWatch({ control, name: 'outcome' });
  const onSubmit = handleSubmit((resolution) =>
    resolve.mutate(
      { disputeId: dispute.id, ...resolution },
      {
        onSuccess: () => notify.success('Dispute resolved', 'The teen and the homeowner have been told.'),
        onError: (error) => {
          applyServerError(form, error);
          notify.error('Failed to Resolve Dispute', serverMessage(error) ?? 'Please try again.');
        },
      },
    ),
  );
  return (
    <Card aria-labelledby={titleId} role="article" className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-bold leading-snug text-slate-900">
          {dispute.jobTitle}
        </h3>
        <p className="shrink-0 text-xl font-bold text-brand-800">
          <span className="sr-only">Pay: </span>
          {formatPay(dispute.payAmount, 2)}
        </p>
      </div>
      <p className="text-sm text-slate-700">Opened {formatDateTime(dispute.createdAt)}</p>
      <blockquote className="rounded-lg bg-slate-50 p-3 text-slate-800">
        <span className="sr-only">Reason: </span>
        {dispute.reason}
      </blockquote>
      {dispute.teenStatement && (
        <blockquote className="rounded-lg bg-blue-50 p-3 text-slate-800">
          <span className="block text-sm font-medium text-slate-700">The teen&apos;s side</span>
          {dispute.teenStatement}
        </blockquote>
      )}
      {/* One form a card: each card's radio buttons are a group of their own. */}
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Decision</legend>
          {/* A changed decision checks the amount again: an amount goes only with a partial payment. */}
          {OUTCOMES.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 text-slate-900">
              <input type="radio" value={option.value} className="h-5 w-5 accent-brand-700" {...register('outcome', { deps: 'teenAmount' })} />
              {option.label}
            </label>
          ))}
        </fieldset>
        {outcome === 'partial' && (
          <Field
            label="Amount for the teen ($)"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            error={errors.teenAmount?.message}
            hint={`More than $0 and less than ${formatPay(dispute.payAmount, 2)}. The platform fee comes out of it; the rest is refunded.`}
            {...register('teenAmount')}
          />
        )}
        <Button type="submit" className="w-full" disabled={!outcome || resolve.isPending} aria-busy={resolve.isPending || undefined}>
          {resolve.isPending ? 'Resolving...' : 'Resolve Dispute'}
        </Button>
      </form>
    </Card>
  );
}
