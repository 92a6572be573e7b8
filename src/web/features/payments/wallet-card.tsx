import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatPay } from '../../../domain/format';
import { paymentQueries } from './api';

/** The teen dashboard's wallet card (spec 2): earnings after the platform fee, from the ledger. */
export function WalletCard({ userId }: { userId: string }) {
  const wallet = useQuery(paymentQueries.wallet(userId));
  return (
    <Link to="/wallet" className="flex items-center justify-between gap-3 rounded-2xl bg-brand-800 p-4 text-white shadow hover:bg-brand-900">
      <span className="flex items-center gap-3">
        <Wallet aria-hidden="true" className="h-6 w-6" />
        <span className="flex flex-col">
          <span className="text-sm text-brand-50">Total Earned</span>
          <span className="text-2xl font-bold">{wallet.data ? formatPay(wallet.data.total, 2) : '–'}</span>
        </span>
      </span>
      <span className="text-sm font-semibold underline">Open Wallet</span>
    </Link>
  );
}
