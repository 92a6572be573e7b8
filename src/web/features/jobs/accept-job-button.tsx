import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { User } from '../../../contract/auth';
import type { Job } from '../../../contract/jobs';
import { formatDuration, formatPay } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { ApiError, refusalText } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { jobQueries, useAcceptJob } from './api';
import { checkParentalConsent } from './parental-consent';

/** Spec 8's words for a job another teen got to first. */
const TAKEN = 'This job may have already been taken. Please try another.';

/** While the server says the lock waits, the job's details are read again this often, to offer it once it opens. */
const WAIT_RECHECK_MS = 30_000;

/** The server's reason this teen may lock the job only later (a lock's cooldown, a time of day), if it says one. */
const lockWait = (job: Job | undefined) => job?.blockedActions.find((blocked) => blocked.action === 'lock')?.message;

// The dialog library is only needed once someone taps Accept Job: keep it off the explorer's first load.
const loadDialog = () => import('../../components/ui/dialog');
const ConfirmDialog = lazy(async () => ({ default: (await loadDialog()).ConfirmDialog }));

/**
 * The explorer's Accept Job: without approved consent only the spec's toast (no dialog, spec 5);
 * otherwise a confirmation, then lock and accept in one step (design 5). A lock the server says waits
 * shows disabled with its reason, as the details page shows it.
 */
export function AcceptJobButton({ job, user }: { job: Job; user: User }) {
  const [open, setOpen] = useState(false);
  const accept = useAcceptJob();
  const queryClient = useQueryClient();
  const waitId = useId();
  // The list does not read a teen's lock history, so the cooldown after they let this job go comes
  // from the job's details (GET /api/jobs/{id}), which the details page, a release's answer and a
  // refused accept put in the cache: watched once there, and read again while they say the lock waits.
  const details = useQuery({
    ...jobQueries.detail(job.id),
    enabled: (query) => query.state.data !== undefined,
    refetchInterval: (query) => (lockWait(query.state.data) ? WAIT_RECHECK_MS : false),
  });
  const wait = lockWait(job) ?? lockWait(details.data);
  // On the server-rendered explorer, a tap before hydration would do nothing: not tappable until then.
  const hydrated = useHydrated();
  // True while the confirmation is open and unanswered. Live updates take a card off the list the
  // moment another teen locks its job: a teen still reading the confirmation then sees it vanish, so
  // say why. Once confirmed, the call's answer speaks instead.
  const deciding = useRef(false);
  const showConfirmation = (next: boolean) => {
    deciding.current = next;
    setOpen(next);
  };
  const onClick = () => {
    if (checkParentalConsent(user)) showConfirmation(true);
  };
  useEffect(
    () => () => {
      if (deciding.current) notify.error('Failed to accept job', TAKEN);
    },
    [],
  );
  // The promise, unlike mutate()'s callbacks, settles even when the card is gone by then (the list
  // refetched and the job, now locked, left it), so the person always hears how it went.
  const onConfirm = () => {
    deciding.current = false;
    void accept
      .mutateAsync({ jobId: job.id, userId: user.id })
      .then(
        () => notify.success('Job Accepted!', 'A Yardly coordinator will contact you soon.'),
        (error: unknown) => {
          notify.error(
            'Failed to accept job',
            // Spec 8: a refusal says the server's reason (a safety rule's with what is open instead); a call that never got an answer asks to try again.
            error instanceof ApiError
              ? (refusalText(error) ?? TAKEN)
              : 'Error accepting job. Please try again.',
          );
          // The job's details say until when, and the card then says it instead of offering the lock.
          if (error instanceof ApiError && error.code === 'LOCK_COOLDOWN') void queryClient.prefetchQuery(jobQueries.detail(job.id));
        },
      )
      .finally(() => setOpen(false));
  };
  if (wait) {
    return (
      <>
        <Button size="sm" disabled aria-describedby={waitId}>
          Accept Job
        </Button>
        <p id={waitId} className="basis-full text-sm text-slate-600">
          {wait}
        </p>
      </>
    );
  }
  return (
    <>
      {/* Fetching the dialog as a finger or pointer lands hides the fetch behind the tap. */}
      <Button size="sm" onClick={onClick} onPointerDown={() => void loadDialog()} disabled={accept.isPending || !hydrated}>
        Accept Job
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(next) => !accept.isPending && showConfirmation(next)}
            title="Accept this job?"
            description={
              <>
                <span className="font-semibold">{job.title}</span> for {formatPay(job.payAmount, 0)}, about {formatDuration(job.estimatedDuration)}. A Yardly
                coordinator will contact you with the details.
              </>
            }
            confirmLabel="Yes, Accept Job"
            pending={accept.isPending}
            onConfirm={onConfirm}
          />
        </Suspense>
      )}
    </>
  );
}
