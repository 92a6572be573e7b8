import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, CreditCard, Wallet as WalletIcon } from 'lucide-react';
import { useId } from 'react';
import type { User } from '../../contract/auth';
import type { Wallet, WalletTransaction } from '../../contract/payments';
import { formatPay } from '../../domain/format';
import { homePathForRole } from '../../domain/users';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { QueryState } from '../components/ui/query-state';
import { RowsOrEmpty, Section } from '../components/ui/section';
import { formatDate } from '../features/jobs/format';
import { paymentQueries } from '../features/payments/api';

/** Spec 2: Wallet for teens, Payments for homeowners, both from the ledger. */
export default function WalletPage() {
  return (
    <RequireRole roles={['teen', 'homeowner']}>
      {(user) => (
        <>
          <PageHeader title={user.role === 'teen' ? 'Wallet' : 'Payments'} backTo={homePathForRole(user.role)} backLabel="Back to home" />
          <WalletScreen user={user} />
        </>
      )}
    </RequireRole>
  );
}

function WalletScreen({ user }: { user: User }) {
  const wallet = useQuery(paymentQueries.wallet(user.id));
  return (
    <div className="space-y-5 p-4">
      <QueryState query={wallet} what={user.role === 'teen' ? 'your wallet' : 'your payments'}>
        {(data) => <WalletDetails wallet={data} />}
      </QueryState>
    </div>
  );
}

function WalletDetails({ wallet }: { wallet: Wallet }) {
  const isTeen = wallet.role === 'teen';
  return (
    <>
      <SummaryCard wallet={wallet} />
      {isTeen && (
        <div className="grid grid-cols-2 gap-3">
          {/* Spec 2: these do nothing yet; payouts arrive with a real payment provider. */}
          <Button variant="secondary" aria-describedby="payouts-note" disabled>
            <WalletIcon aria-hidden="true" className="h-5 w-5" />
            Cash Out
          </Button>
          <Button variant="secondary" aria-describedby="payouts-note" disabled>
            <CreditCard aria-hidden="true" className="h-5 w-5" />
            Add Card
          </Button>
          <p id="payouts-note" className="col-span-2 text-sm text-slate-700">
            Cash outs to a bank card are coming soon. Your earnings stay safe in your wallet.
          </p>
        </div>
      )}
      <PendingPayments wallet={wallet} />
      <RecentTransactions wallet={wallet} />
    </>
  );
}

function SummaryCard({ wallet }: { wallet: Wallet }) {
  const isTeen = wallet.role === 'teen';
  return (
    <section aria-labelledby="summary-title" className="space-y-3 rounded-2xl bg-brand-800 p-5 text-white shadow">
      <h2 id="summary-title" className="sr-only">
        Summary
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="col-span-2 flex flex-col-reverse">
          <dt className="text-sm font-medium text-brand-50">{isTeen ? 'Total Earned' : 'Total Spent'}</dt>
          <dd className="text-4xl font-bold">{formatPay(wallet.total, 2)}</dd>
        </div>
        <div className="flex flex-col-reverse">
          <dt className="text-sm text-brand-50">This Month</dt>
          <dd className="text-xl font-semibold">{formatPay(wallet.thisMonth, 2)}</dd>
        </div>
        <div className="flex flex-col-reverse">
          <dt className="text-sm text-brand-50">Pending</dt>
          <dd className="text-xl font-semibold">{formatPay(wallet.pending, 2)}</dd>
        </div>
      </dl>
      <p className="text-sm text-brand-50">
        {isTeen
          ? `Yardly keeps a ${wallet.platformFeePercent}% platform fee from each payment; your earnings are what you receive.`
          : `${formatPay(wallet.held, 2)} is held for your jobs until the work is verified.`}
      </p>
    </section>
  );
}

function PendingPayments({ wallet }: { wallet: Wallet }) {
  return (
    <Section heading="Pending Payments" className="space-y-3">
      <RowsOrEmpty items={wallet.pendingPayments} label="Pending payments" empty="No pending payments">
        {(item) => (
          <li key={item.jobId}>
            <Card className="flex items-center justify-between gap-3">
              <div>
                <p className="font-semibold text-slate-900">{item.title}</p>
                <p className="flex items-center gap-1 text-sm text-slate-700">
                  <Clock aria-hidden="true" className="h-4 w-4" />
                  {item.label}
                </p>
              </div>
              <p className="font-bold text-slate-900">{formatPay(item.payAmount, 2)}</p>
            </Card>
          </li>
        )}
      </RowsOrEmpty>
    </Section>
  );
}

function RecentTransactions({ wallet }: { wallet: Wallet }) {
  return (
    <Section heading="Recent Transactions" className="space-y-3">
      <RowsOrEmpty items={wallet.recentTransactions} label="Recent transactions" empty="No transactions yet">
        {(item) => (
          <li key={item.jobId}>
            <TransactionCard item={item} isTeen={wallet.role === 'teen'} />
          </li>
        )}
      </RowsOrEmpty>
    </Section>
  );
}

function TransactionCard({ item, isTeen }: { item: WalletTransaction; isTeen: boolean }) {
  const titleId = useId();
  const refunded = Number(item.refundedAmount) > 0;
  return (
    <Card role="article" aria-labelledby={titleId} className="space-y-1">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {item.title}
        </h3>
        <p className="shrink-0 font-bold text-green-800">
          <span className="sr-only">{isTeen ? 'You received: ' : 'You paid: '}</span>
          {isTeen ? '+' : '-'}
          {formatPay(item.amount, 2)}
        </p>
      </div>
      <p className="flex items-center gap-1 text-sm text-green-800">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        {item.description}
      </p>
      <p className="text-sm text-slate-700">
        {isTeen
          ? `Job pay ${formatPay(item.payAmount, 2)}, platform fee ${formatPay(item.feeAmount, 2)}, you received ${formatPay(item.amount, 2)}`
          : `Job pay ${formatPay(item.payAmount, 2)}, including the platform fee of ${formatPay(item.feeAmount, 2)}`}
        {refunded && `; ${formatPay(item.refundedAmount, 2)} refunded to the homeowner`}
        {` · ${formatDate(item.paidAt)}`}
      </p>
    </Card>
  );
}
