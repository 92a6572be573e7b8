import { useId, useState } from 'react';
import { DISPUTE_REASON_MAX, PENDING_LABELS } from '../../../contract/payments';
import { PAYMENT_STATE_LABELS, type PaymentState } from '../../../contract/job-constants';
import type { Job } from '../../../contract/jobs';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/textarea-field';
import { notify } from '../../lib/toast';
import { serverMessage } from '../../lib/api';
import { JobActionButtons } from '../jobs/job-actions';
import { useOpenDispute } from './api';

const PAYMENT_TONES: Record<PaymentState, BadgeTone> = { held: 'blue', released: 'green', refunded: 'slate' };

/** 'Payment held', 'Payment released' or 'Payment refunded' (design 5, Escrow). */
export function PaymentBadge({ payment }: { payment: PaymentState }) {
  return <Badge tone={PAYMENT_TONES[payment]}>{PAYMENT_STATE_LABELS[payment]}</Badge>;
}

/**
 * A homeowner's payment buttons on a finished job (spec 2): 'Release Payment' stays disabled with
 * 'Awaiting verification' until a coordinator verifies; a dispute can be opened instead of paying.
 */
export function PaymentActions({ job }: { job: Job }) {
  const noteId = useId();
  return (
    <>
      {job.status === 'completed' && !job.actions.includes('pay') && (
        <span className="inline-flex items-center gap-2">
          <Button size="sm" disabled aria-describedby={noteId}>
            Release Payment
          </Button>
          <span id={noteId} className="text-sm text-slate-700">
            {PENDING_LABELS.completed}
          </span>
        </span>
      )}
      <JobActionButtons job={job} only={['pay']} size="sm" />
      {job.actions.includes('dispute') && <DisputeButton job={job} />}
    </>
  );
}

/** Opens a dispute with a reason the coordinator reads; the pay stays held until they decide. */
export function DisputeButton({ job }: { job: Job }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const openDispute = useOpenDispute();
  const submit = () => {
    if (!reason.trim()) {
      setError('Tell the coordinator what went wrong');
      return;
    }
    openDispute.mutate(
      { jobId: job.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success('Dispute opened', 'A coordinator will review the job and decide on the payment.');
          setOpen(false);
        },
        onError: (err) => notify.error('Failed to Open Dispute', serverMessage(err) ?? 'Please try again.'),
      },
    );
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Open Dispute
      </Button>
      {open && (
        <ConfirmDialog
          open
          onOpenChange={setOpen}
          title="Open a dispute?"
          description={
            <>
              <span className="font-semibold">{job.title}</span>. The payment stays held while the area coordinator reviews the job and decides: pay
              the teen, pay part and refund the rest, or refund you.
            </>
          }
          confirmLabel="Open Dispute"
          cancelLabel="Keep Job"
          pending={openDispute.isPending}
          onConfirm={submit}
        >
          <TextareaField
            label="What went wrong?"
            rows={3}
            maxLength={DISPUTE_REASON_MAX}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        </ConfirmDialog>
      )}
    </>
  );
}
