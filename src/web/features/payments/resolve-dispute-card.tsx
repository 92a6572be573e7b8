import { useId, useState } from 'react';
import type { Dispute, DisputeOutcome } from '../../../contract/payments';
import { formatPay } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { ApiError, serverMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatDateTime } from '../jobs/format';
import { useResolveDispute } from './api';

const OUTCOMES: { value: DisputeOutcome; label: string }[] = [
  { value: 'pay', label: 'Pay the teen in full' },
  { value: 'partial', label: 'Pay part, refund the rest' },
  { value: 'refund', label: 'Refund the homeowner' },
];

/** The coordinator's decision on one open dispute (design 1: coordinators mediate disputes). */
export function ResolveDisputeCard({ dispute }: { dispute: Dispute }) {
  const titleId = useId();
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const resolve = useResolveDispute();
  const submit = () => {
    if (!outcome) return;
    const teenAmount = outcome === 'partial' ? Number(amount).toFixed(2) : undefined;
    if (outcome === 'partial' && (!amount.trim() || Number.isNaN(Number(amount)))) {
      setError('Enter the amount to pay the teen');
      return;
    }
    resolve.mutate(
      { disputeId: dispute.id, outcome, ...(teenAmount ? { teenAmount } : {}) },
      {
        onSuccess: () => notify.success('Dispute resolved', 'The teen and the homeowner have been told.'),
        onError: (err) => {
          const detail = err instanceof ApiError ? err.fields?.teenAmount : undefined;
          if (detail) setError(detail);
          notify.error('Failed to Resolve Dispute', serverMessage(err) ?? 'Please try again.');
        },
      },
    );
  };
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
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Decision</legend>
        {OUTCOMES.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="radio"
              name={`outcome-${dispute.id}`}
              value={option.value}
              checked={outcome === option.value}
              onChange={() => {
                setOutcome(option.value);
                setError(undefined);
              }}
              className="h-5 w-5 accent-brand-700"
            />
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
          value={amount}
          error={error}
          hint={`More than $0 and less than ${formatPay(dispute.payAmount, 2)}. The platform fee comes out of it; the rest is refunded.`}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(undefined);
          }}
        />
      )}
      <Button className="w-full" disabled={!outcome || resolve.isPending} aria-busy={resolve.isPending || undefined} onClick={submit}>
        {resolve.isPending ? 'Resolving...' : 'Resolve Dispute'}
      </Button>
    </Card>
  );
}
