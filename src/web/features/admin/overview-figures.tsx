import type { AdminOverview, MoneyTotals } from '../../../contract/admin';
import { EMAIL_STATUSES } from '../../../contract/email';
import { JOB_STATUSES } from '../../../contract/job-constants';
import { formatPay } from '../../../domain/format';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../jobs/format';

const MONEY_ROWS: { key: keyof MoneyTotals; label: string }[] = [
  { key: 'held', label: 'Paid into escrow' },
  { key: 'released', label: 'Released to teens' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'fees', label: 'Platform fees' },
];

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </Card>
  );
}

/** The overview's figures beyond accounts (issue 18): what needs attention, the jobs, the money and the mail. */
export function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const { money, mail } = overview;
  return (
    <>
      <section aria-labelledby="attention-heading">
        <h2 id="attention-heading" className="mb-2 text-lg font-bold">
          Needs attention
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          <Figure label="Open disputes" value={overview.openDisputes} />
          <Figure label="Pending consents" value={overview.pendingConsents} />
          <Figure label="Suspended accounts" value={overview.suspendedUsers} />
          <Figure label="Emails failed" value={mail.byStatus.failed} />
        </dl>
      </section>
      <section aria-labelledby="money-heading" className="space-y-2">
        <h2 id="money-heading" className="text-lg font-bold">
          Money
        </h2>
        <p>
          In escrow now: <strong>{formatPay(money.inEscrow, 2)}</strong>
        </p>
        <table className="w-full table-fixed text-left text-sm">
          <thead>
            <tr className="text-slate-700">
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">Ledger sum</span>
              </th>
              <th scope="col" className="py-1 font-medium">
                This month
              </th>
              <th scope="col" className="py-1 font-medium">
                In total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {MONEY_ROWS.map(({ key, label }) => (
              <tr key={key}>
                <th scope="row" className="py-1 font-medium">
                  {label}
                </th>
                <td className="py-1">{formatPay(money.thisMonth[key], 2)}</td>
                <td className="py-1">{formatPay(money.total[key], 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading" className="mb-2 text-lg font-bold">
          Jobs by status
        </h2>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {JOB_STATUSES.map((status) => (
            <div key={status} className="flex justify-between border-b border-slate-200 py-1">
              <dt className="capitalize text-slate-700">{status.replace('_', ' ')}</dt>
              <dd className="font-semibold">{overview.jobsByStatus[status]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="outbox-heading">
        <h2 id="outbox-heading" className="mb-2 text-lg font-bold">
          Outbox
        </h2>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {EMAIL_STATUSES.map((status) => (
            <div key={status} className="flex justify-between border-b border-slate-200 py-1">
              <dt className="capitalize text-slate-700">{status}</dt>
              <dd className="font-semibold">{mail.byStatus[status]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-slate-700">
          {mail.oldestPendingAt ? `The oldest message waiting was queued ${formatDateTime(mail.oldestPendingAt)}.` : 'No message is waiting to go out.'}
        </p>
      </section>
    </>
  );
}
