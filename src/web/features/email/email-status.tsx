import type { OutboxEmail } from '../../../contract/email';

const STATUS_TEXT: Record<OutboxEmail['status'], string> = {
  sent: 'Sent over SMTP',
  logged: 'Kept in the outbox (no SMTP server configured)',
  pending: 'Waiting to be retried',
  failed: 'Failed after every retry',
};

const STATUS_CLASSES: Record<OutboxEmail['status'], string> = {
  sent: 'bg-green-100 text-green-900',
  logged: 'bg-sky-100 text-sky-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

export function EmailStatusBadge({ status }: { status: OutboxEmail['status'] }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}>{STATUS_TEXT[status]}</span>;
}
