import { useMutationState, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Leaf, Lock, ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { User } from '../../contract/auth';
import { CATEGORY_LABELS, EQUIPMENT_LABELS } from '../../contract/job-constants';
import type { Job, JobAction } from '../../contract/jobs';
import { jobVisibility, OPEN_STATUSES } from '../../domain/access';
import { formatDistance, formatDuration, formatPay } from '../../domain/format';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button, ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { LoadingLine } from '../components/ui/query-state';
import { jobQueries } from '../features/jobs/api';
import { ParentalConsentLink } from '../features/consent/parental-consent-link';
import { DemandBadge } from '../features/jobs/demand-badge';
import { formatDate } from '../features/jobs/format';
import { JOB_ACTIONS, JobActionButtons } from '../features/jobs/job-actions';
import { LockCountdown, LockExpired } from '../features/jobs/lock-countdown';
import { MinimumAgeBadge } from '../features/jobs/minimum-age-badge';
import { checkParentalConsent, needsParentalConsent } from '../features/jobs/parental-consent';
import { PaymentActions, PaymentBadge } from '../features/payments/payment-actions';
import { TeenDisputeSide } from '../features/payments/teen-dispute-side';
import { StatusBadge } from '../features/jobs/status-badge';
import { JobReviews, reviewsJob } from '../features/progress/job-reviews';
import { showsTeenReputation, TeenReputation } from '../features/progress/teen-reputation';
import { AgeRuleNotice } from '../features/safety/age-rule-notice';
import { safetyQueries } from '../features/safety/api';
import { ageRuleOf, ApiError } from '../lib/api';

/** Live updates arrive later; until then the open screen polls its job. */
const REFETCH_MS = 10_000;

export default function JobDetailsPage() {
  const { id = '' } = useParams();
  return <RequireRole roles="any">{(user) => <JobDetails key={id} id={id} user={user} />}</RequireRole>;
}

function JobDetails({ id, user }: { id: string; user: User }) {
  const query = useQuery({ ...jobQueries.detail(id), refetchInterval: REFETCH_MS });
  // Spec 2: once this teen's own countdown reaches zero, 'Lock Expired' stays until they refresh,
  // though the polled job soon comes back as posted. A release never sets it.
  const [lockExpired, setLockExpired] = useState(false);
  // Cleared only once the fresh job is here: the stale one may still show the lock at zero.
  const refreshAfterExpiry = () => void query.refetch().then(() => setLockExpired(false));
  // A 4xx means the job is gone or no longer visible to this person; other failures keep what we had.
  const gone = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
  if (gone || (query.isError && !query.data)) return <JobNotFound />;
  if (!query.data) {
    return (
      <>
        <PageHeader title="Job Details" backTo="/jobs" returnToPrevious />
        <LoadingLine text="Loading job..." />
      </>
    );
  }
  const job = query.data;
  return (
    <>
      <PageHeader title="Job Details" backTo="/jobs" returnToPrevious />
      <div className="space-y-4 p-4">
        <section aria-labelledby="job-title" className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={job.status} withHint />
            <MinimumAgeBadge minimumAge={job.minimumAge} />
          </div>
          {job.photos[0] ? (
            <img src={job.photos[0]} alt={`Photo of ${job.title}`} className="aspect-video w-full rounded-2xl object-cover" />
          ) : (
            <div className="flex aspect-video w-full items-center justify-center rounded-2xl bg-brand-50">
              <Leaf aria-hidden="true" className="h-16 w-16 text-brand-700" />
            </div>
          )}
          <h2 id="job-title" className="text-2xl font-bold text-slate-900">
            {job.title}
          </h2>
          <p className="whitespace-pre-line text-slate-800">{job.description}</p>
        </section>

        <JobFacts
          job={job}
          publicFace={jobVisibility(user, job) === 'public'}
          isTheTeen={job.teenId === user.id}
          streetOnly={user.role === 'teen' && OPEN_STATUSES.includes(job.status)}
        />

        {job.safetyNotes && (
          <section aria-labelledby="safety-title" className="space-y-1 rounded-2xl border border-amber-200 bg-amber-50 p-4">
            <h2 id="safety-title" className="flex items-center gap-2 font-bold text-amber-900">
              <ShieldAlert aria-hidden="true" className="h-5 w-5" />
              Safety Notes
            </h2>
            <p className="text-slate-800">{job.safetyNotes}</p>
          </section>
        )}

        {lockExpired ? (
          <LockExpired onRefresh={refreshAfterExpiry} />
        ) : (
          <ActionArea job={job} user={user} onLockExpired={() => setLockExpired(true)} onRefresh={refreshAfterExpiry} />
        )}
        {/* An open job's refusal is the eligibility ActionArea reads (the refused lock refreshed it). */}
        {job.status !== 'posted' && <RefusedCall jobId={job.id} />}
        <div className="flex flex-col gap-2">
          <JobActionButtons job={job} only={['start', 'complete', 'verify', 'withdraw', 'cancel']} fullWidth />
          {user.role === 'homeowner' && <PaymentActions job={job} />}
        </div>
        {user.role === 'teen' && job.teenId === user.id && job.status === 'disputed' && <TeenDisputeSide jobId={job.id} />}
        {showsTeenReputation(user, job) && <TeenReputation teenId={job.teenId} teenName={job.teenName} />}
        {reviewsJob(user, job) && <JobReviews job={job} user={user} />}
      </div>
    </>
  );
}

/**
 * `publicFace`: another teen's accepted job, whose address the server keeps to the teen who took it.
 * `streetOnly`: an open job seen by a teen, whose house number the server keeps until they accept it.
 * Who took the job is named as far as the server lets this person know ('Maya L.' to the homeowner); the teen knows.
 */
function JobFacts({ job, publicFace, isTheTeen, streetOnly }: { job: Job; publicFace: boolean; isTheTeen: boolean; streetOnly: boolean }) {
  const address = job.location ?? 'Shared by your coordinator';
  const shown = streetOnly ? (
    <>
      {address}
      <span className="block text-xs font-normal text-slate-600">The house number is shared once you accept.</span>
    </>
  ) : (
    address
  );
  const location: [string, ReactNode][] = publicFace ? [] : [['Location', shown]];
  const teen: [string, ReactNode][] = job.teenName && !isTheTeen ? [[job.status === 'locked' ? 'Locked by' : 'Taken by', job.teenName]] : [];
  const rows: [string, ReactNode][] = [
    ['Pay', formatPay(job.payAmount, 2)],
    ['Payment', <PaymentBadge key="payment" payment={job.payment} />],
    ...teen,
    ['Estimated duration', formatDuration(job.estimatedDuration)],
    ...location,
    ['Distance', formatDistance(job.distance) ?? 'Unknown'],
    ['Coordinator supervised', job.coordinatorSupervised ? 'Yes' : 'No'],
    ['Posted', formatDate(job.createdAt) ?? 'Unknown'],
    ['Category', CATEGORY_LABELS[job.category]],
    ['Physical demands', <DemandBadge key="demands" demand={job.physicalDemands} />],
    ['Equipment', job.equipment.length ? job.equipment.map((item) => EQUIPMENT_LABELS[item]).join(', ') : 'None needed'],
  ];
  return (
    <Card>
      <h2 className="mb-2 font-bold text-slate-900">Job Details</h2>
      <dl className="divide-y divide-slate-100">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-sm text-slate-700">{term}</dt>
            <dd className="text-right font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Spec 2: the status-dependent action area. Buttons come from the server's `job.actions`, but for a consent-less teen's lock. */
function ActionArea({ job, user, onLockExpired, onRefresh }: { job: Job; user: User; onLockExpired: () => void; onRefresh: () => void }) {
  const isMine = job.teenId === user.id;
  switch (job.status) {
    case 'posted':
      // The server offers no lock to a teen without consent (it would refuse one). Spec 2 still
      // shows them the button, and the tap says why, as the explorer's Accept Job does (spec 5).
      if (needsParentalConsent(user)) {
        return (
          <LockOffer>
            <Button variant={JOB_ACTIONS.lock.variant} size="lg" className="w-full" onClick={() => checkParentalConsent(user)}>
              {JOB_ACTIONS.lock.label}
            </Button>
            {/* The way out of the refusal, next to it: without it a new teen meets a dead end. */}
            <ParentalConsentLink status={user.parentalConsentStatus} variant="secondary" />
          </LockOffer>
        );
      }
      // Only a teen ever locks.
      return user.role === 'teen' ? <TeenLockOffer job={job} /> : null;
    case 'locked':
      if (isMine && job.lockExpiresAt) {
        return (
          <LockCountdown lockExpiresAt={job.lockExpiresAt} onExpire={onLockExpired} onRefresh={onRefresh}>
            <JobActionButtons job={job} only={['finalize', 'release']} size="lg" fullWidth />
          </LockCountdown>
        );
      }
      return (
        <Notice title="Job Temporarily Locked">
          {user.role === 'teen' ? 'Another teen' : 'A teen'} is deciding on this job. If they don't accept it within 15 minutes, it opens up again.
        </Notice>
      );
    case 'accepted':
      return (
        <Notice title="Job Accepted!" tone="success">
          {isMine
            ? 'You accepted this job. A Yardly coordinator will contact you soon to confirm the details. Work can start between 6 AM and 8 PM.'
            : 'A teen has accepted this job. A Yardly coordinator will confirm the details with them.'}
        </Notice>
      );
    default:
      return null;
  }
}

/**
 * A posted job for a consented teen. When the safety rules by age refuse them this job today (issue
 * 21: what it needs, or the hours it would add), the reason, its rules and what is open instead take
 * the lock's place: no button that leads to a refusal. Otherwise the lock the server offers, or
 * waits on (they let this job go: disabled, with when it opens to them), or why there is none.
 */
function TeenLockOffer({ job }: { job: Job }) {
  const eligibility = useQuery(safetyQueries.eligibility(job.id));
  if (eligibility.isPending) return null;
  if (eligibility.data && !eligibility.data.allowed && eligibility.data.message) {
    const { message, rules, alternative } = eligibility.data;
    return (
      <AgeRuleNotice title="You can't take this job" refusal={{ message, rules, alternative }}>
        <ButtonLink to="/job-explorer" variant="secondary" className="w-full">
          Find Jobs Open to You
        </ButtonLink>
      </AgeRuleNotice>
    );
  }
  if (job.actions.includes('lock') || job.blockedActions.some((blocked) => blocked.action === 'lock')) {
    return (
      <LockOffer>
        <JobActionButtons job={job} only={['lock']} size="lg" fullWidth />
      </LockOffer>
    );
  }
  return <Notice title="You can't lock this job right now">This job cannot be locked right now. Refresh to see its latest status.</Notice>;
}

const REFUSED_CALL_TITLES: Partial<Record<JobAction, string>> = {
  finalize: "You can't accept this job",
  start: "You can't start this job now",
};

/** The safety rules' refusal of the last call made on this job from this screen (accept, start), while it is the last word. */
function RefusedCall({ jobId }: { jobId: string }) {
  const outcomes = useMutationState({
    filters: { mutationKey: jobQueries.all(), predicate: (mutation) => (mutation.state.variables as { jobId?: string } | undefined)?.jobId === jobId },
    select: (mutation) => ({ error: mutation.state.error, action: (mutation.state.variables as { action?: JobAction } | undefined)?.action }),
  });
  const last = outcomes.at(-1);
  const refusal = ageRuleOf(last?.error);
  if (!last || !refusal) return null;
  return <AgeRuleNotice title={(last.action && REFUSED_CALL_TITLES[last.action]) ?? "You can't do this now"} refusal={refusal} />;
}

/** Spec 2: the lock button with its note on the 15 minutes. */
function LockOffer({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Lock this job" className="space-y-2">
      {children}
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        Locking gives you 15 minutes to decide. No one else can take the job while you think it over.
      </p>
    </section>
  );
}

function Notice({ title, tone = 'info', children }: { title: string; tone?: 'info' | 'success'; children: ReactNode }) {
  const styles = tone === 'success' ? 'border-green-200 bg-green-50' : 'border-slate-200 bg-slate-50';
  return (
    <section aria-labelledby="notice-title" className={`space-y-1 rounded-2xl border p-4 ${styles}`}>
      <h2 id="notice-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        {tone === 'success' ? <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-green-700" /> : <Lock aria-hidden="true" className="h-5 w-5 text-slate-700" />}
        {title}
      </h2>
      <p className="text-slate-800">{children}</p>
    </section>
  );
}

function JobNotFound() {
  return (
    <>
      <PageHeader title="Job Details" backTo="/jobs" returnToPrevious />
      <div className="space-y-4 p-6 text-center">
        <h2 className="text-xl font-bold text-slate-900">Job not found</h2>
        <p className="text-slate-700">This job may have been removed, or it is no longer open to you.</p>
        <ButtonLink to="/jobs" variant="secondary">
          Go Back
        </ButtonLink>
      </div>
    </>
  );
}
