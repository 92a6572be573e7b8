import type { NotificationKind } from '../contract/notifications';
import type { Transition } from './job-machine';

/** The people a job change concerns, by their part in the job. */
export type JobParty = 'homeowner' | 'teen' | 'coordinators';

/** One notification a job change raises, before it is addressed to people. */
export interface JobNotice {
  to: JobParty;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Important enough to email too. */
  email: boolean;
}

const quote = (title: string) => `“${title}”`;

/**
 * Who hears about which change of a job, and what they read. Locks, releases and expiries tell
 * nobody (the teen did it, or is warned before it happens); a homeowner never learns a teen's name
 * from a notification. The actor is never told about their own change (the server drops them).
 */
export function jobNotices(transition: Transition | 'post', job: { title: string; zipCode: string }): JobNotice[] {
  const t = quote(job.title);
  switch (transition) {
    case 'finalize':
      return [{ to: 'homeowner', kind: 'job_accepted', title: 'Job accepted', body: `A teen accepted ${t}. We'll tell you when the work starts.`, email: true }];
    case 'start':
      return [{ to: 'homeowner', kind: 'job_started', title: 'Work started', body: `Work on ${t} has started.`, email: false }];
    case 'complete':
      return [
        {
          to: 'homeowner',
          kind: 'job_completed',
          title: 'Job completed',
          body: `${t} is done. A coordinator will verify the work before the payment is released.`,
          email: true,
        },
        { to: 'coordinators', kind: 'job_completed', title: 'Ready for verification', body: `${t} in ${job.zipCode} is completed and waits for your verification.`, email: false },
      ];
    case 'verify':
      return [
        { to: 'teen', kind: 'job_verified', title: 'Job verified', body: `Great work! A coordinator verified ${t}.`, email: false },
        { to: 'homeowner', kind: 'job_verified', title: 'Work verified', body: `A coordinator verified the work on ${t}.`, email: false },
      ];
    case 'cancel':
      return [
        { to: 'teen', kind: 'job_cancelled', title: 'Job cancelled', body: `${t} was cancelled. You don't need to do anything.`, email: false },
        { to: 'homeowner', kind: 'job_cancelled', title: 'Job cancelled', body: `${t} was cancelled. Its held payment is refunded in full.`, email: false },
      ];
    // Escrow (design 5): both sides hear about their money; the one who acted is not told.
    case 'pay':
      return [
        { to: 'teen', kind: 'payment_received', title: 'Payment received', body: `You were paid for ${t}. See your wallet for the amount after the platform fee.`, email: true },
        { to: 'homeowner', kind: 'payment_released', title: 'Payment released', body: `The payment for ${t} was released to the teen.`, email: true },
      ];
    case 'dispute':
      return [
        { to: 'teen', kind: 'dispute_opened', title: 'Payment on hold', body: `The homeowner disputed ${t}. A coordinator will review it and decide on the payment.`, email: true },
        { to: 'coordinators', kind: 'dispute_opened', title: 'Dispute to resolve', body: `The homeowner disputed ${t} in ${job.zipCode}. Resolve it from your verification screen.`, email: true },
      ];
    case 'award':
      return [
        { to: 'teen', kind: 'dispute_resolved', title: 'Dispute resolved', body: `A coordinator resolved the dispute on ${t} and you were paid. See your wallet for the amount.`, email: true },
        { to: 'homeowner', kind: 'dispute_resolved', title: 'Dispute resolved', body: `A coordinator resolved your dispute on ${t}. See Payments for what was paid and refunded.`, email: true },
      ];
    case 'refund':
      return [
        { to: 'teen', kind: 'dispute_resolved', title: 'Dispute resolved', body: `A coordinator resolved the dispute on ${t}: the payment went back to the homeowner.`, email: true },
        { to: 'homeowner', kind: 'payment_refunded', title: 'Payment refunded', body: `A coordinator resolved your dispute on ${t}: your payment is refunded in full.`, email: true },
      ];
    case 'withdraw':
      return [{ to: 'homeowner', kind: 'job_withdrawn', title: 'Teen withdrew', body: `The teen backed out of ${t}. It is open to other teens again.`, email: false }];
    case 'post':
    case 'lock':
    case 'release':
    case 'expire':
      return [];
  }
}

/** The sweeper's warning to a teen whose lock is about to run out. */
export function lockExpiringNotice(job: { title: string }, minutesLeft: number): Omit<JobNotice, 'to'> {
  const minutes = minutesLeft <= 1 ? 'a minute' : `${minutesLeft} minutes`;
  return {
    kind: 'lock_expiring',
    title: 'Your lock is about to expire',
    body: `Your lock on ${quote(job.title)} runs out in ${minutes}. Accept the job now or it goes back to other teens.`,
    email: false,
  };
}
