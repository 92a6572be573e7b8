import { useId, useState } from 'react';
import type { Job, JobAction } from '../../../contract/jobs';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { refusalText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { useJobAction } from './api';

interface ActionSpec {
  label: string;
  variant: ButtonVariant;
  success: [title: string, description?: string];
  /** Spec 8: the title; the description is the server's message, else 'Please try again.' */
  failureTitle: string;
  confirm?: { title: string; description: string; confirmLabel: string; cancelLabel: string };
}

/** Every job transition's button label and toasts, in one place (the endpoints live in ./api). */
export const JOB_ACTIONS: Record<JobAction, ActionSpec> = {
  lock: {
    label: 'Lock the Job',
    variant: 'primary',
    success: ['Job Locked!', 'You have 15 minutes to accept this job.'],
    failureTitle: 'Failed to Lock Job',
  },
  finalize: {
    label: 'Accept Job',
    variant: 'primary',
    success: ['Job Accepted!', 'A Yardly coordinator will contact you soon.'],
    failureTitle: 'Failed to Accept Job',
  },
  release: {
    label: 'Release Lock',
    variant: 'secondary',
    success: ['Job Released', 'The job is open to other teens again.'],
    failureTitle: 'Failed to Release Job',
  },
  start: {
    label: 'Start Job',
    variant: 'primary',
    success: ['Job Started', 'Work is being done. Stay safe!'],
    failureTitle: 'Failed to Start Job',
  },
  complete: {
    label: 'Mark Completed',
    variant: 'primary',
    success: ['Job Completed', 'Your coordinator will verify the work.'],
    failureTitle: 'Failed to Complete Job',
  },
  withdraw: {
    label: 'Withdraw',
    variant: 'secondary',
    success: ['Job Withdrawn', 'The job is open to other teens again.'],
    failureTitle: 'Failed to Withdraw',
    confirm: {
      title: 'Withdraw from this job?',
      description: 'The job goes back to the open list for other teens. Backing out counts against your reliability.',
      confirmLabel: 'Withdraw',
      cancelLabel: 'Keep Job',
    },
  },
  cancel: {
    label: 'Cancel Job',
    variant: 'danger',
    success: ['Job Cancelled', 'Teens will no longer see this job.'],
    failureTitle: 'Failed to Cancel Job',
    confirm: {
      title: 'Cancel this job?',
      description: 'Teens will no longer see it, and a teen who accepted it is told. This cannot be undone.',
      confirmLabel: 'Cancel Job',
      cancelLabel: 'Keep Job',
    },
  },
  verify: {
    label: 'Verify Work',
    variant: 'primary',
    success: ['Work verified', 'The homeowner can now release payment.'],
    failureTitle: 'Failed to Verify Work',
    // Verifying is what lets the held pay go to the teen: one stray tap must not do it.
    confirm: {
      title: 'Verify this work?',
      description: 'You confirm the work was done as posted. The homeowner can then release the held pay to the teen.',
      confirmLabel: 'Verify Work',
      cancelLabel: 'Not Yet',
    },
  },
  pay: {
    label: 'Release Payment',
    variant: 'primary',
    success: ['Payment released', 'The teen has been paid.'],
    failureTitle: 'Failed to Release Payment',
    confirm: {
      title: 'Release payment?',
      description: 'The held pay goes to the teen, minus the platform fee. This cannot be undone.',
      confirmLabel: 'Release Payment',
      cancelLabel: 'Not Yet',
    },
  },
  // Opening a dispute needs a reason: DisputeButton asks for it; no plain button offers it.
  dispute: {
    label: 'Open Dispute',
    variant: 'secondary',
    success: ['Dispute opened', 'A coordinator will review the job and decide.'],
    failureTitle: 'Failed to Open Dispute',
  },
};

/** The order buttons appear in when a job offers several actions. */
const ACTION_ORDER: readonly JobAction[] = ['lock', 'finalize', 'start', 'complete', 'verify', 'pay', 'release', 'withdraw', 'cancel'];

/** Runs one of `job.actions` with the spec's toasts. */
export function useRunJobAction() {
  const { user } = useAuth();
  const mutation = useJobAction();
  const run = (job: Job, action: JobAction, options: { onSettled?: () => void } = {}) => {
    if (!user) {
      // Spec 5: locking needs a signed-in user.
      notify.error('Authentication Required', action === 'lock' ? 'Please log in to lock jobs.' : 'Please log in first.');
      return;
    }
    const spec = JOB_ACTIONS[action];
    mutation.mutate(
      { jobId: job.id, action, userId: user.id },
      {
        onSuccess: () => notify.success(...spec.success),
        onError: (error) => notify.error(spec.failureTitle, refusalText(error) ?? 'Please try again.'),
        onSettled: options.onSettled,
      },
    );
  };
  const pendingFor = (job: Job): JobAction | null =>
    mutation.isPending && mutation.variables?.jobId === job.id ? mutation.variables.action : null;
  return { run, pendingFor };
}

/**
 * A button for each action the server offers on this job now (`job.actions`), limited to `only`.
 * Irreversible ones ask first in a titled dialog. An action only the time of day forbids
 * (`job.blockedActions`: starting work outside 6 AM-8 PM) shows disabled, with the server's reason.
 */
export function JobActionButtons({
  job,
  only = ACTION_ORDER,
  size = 'md',
  fullWidth = false,
}: {
  job: Job;
  only?: readonly JobAction[];
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
}) {
  const { run, pendingFor } = useRunJobAction();
  const [confirming, setConfirming] = useState<JobAction | null>(null);
  const hintId = useId();
  const pending = pendingFor(job);
  const blockedReason = (action: JobAction) => job.blockedActions.find((b) => b.action === action)?.message;
  const shown = ACTION_ORDER.filter((action) => only.includes(action) && (job.actions.includes(action) || blockedReason(action)));
  if (shown.length === 0) return null;
  const reasons = [...new Set(shown.map(blockedReason).filter((r) => r !== undefined))];
  const confirmSpec = confirming ? JOB_ACTIONS[confirming].confirm : undefined;
  return (
    <>
      {shown.map((action) => {
        const spec = JOB_ACTIONS[action];
        const blocked = !job.actions.includes(action);
        return (
          <Button
            key={action}
            variant={spec.variant}
            size={size}
            className={fullWidth ? 'w-full' : ''}
            disabled={blocked || pending !== null}
            aria-describedby={blocked ? hintId : undefined}
            aria-busy={pending === action || undefined}
            onClick={() => (spec.confirm ? setConfirming(action) : run(job, action))}
          >
            {spec.label}
          </Button>
        );
      })}
      {reasons.length > 0 && (
        <p id={hintId} className="basis-full text-sm text-slate-600">
          {reasons.join(' ')}
        </p>
      )}
      {confirming && confirmSpec && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={confirmSpec.title}
          description={
            <>
              <span className="font-semibold">{job.title}</span>. {confirmSpec.description}
            </>
          }
          confirmLabel={confirmSpec.confirmLabel}
          cancelLabel={confirmSpec.cancelLabel}
          confirmVariant={JOB_ACTIONS[confirming].variant === 'danger' ? 'danger' : 'primary'}
          pending={pending === confirming}
          onConfirm={() => run(job, confirming, { onSettled: () => setConfirming(null) })}
        />
      )}
    </>
  );
}
