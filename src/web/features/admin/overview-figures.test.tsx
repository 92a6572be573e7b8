import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../../contract/admin';
import { OverviewFigures } from './overview-figures';

const OVERVIEW: AdminOverview = {
  usersByRole: { teen: 12, homeowner: 5, coordinator: 2, admin: 1 },
  suspendedUsers: 1,
  jobsByStatus: { posted: 4, locked: 1, accepted: 2, in_progress: 0, completed: 1, verified: 0, paid: 7, cancelled: 2, disputed: 1, refunded: 0 },
  money: {
    inEscrow: '1240.00',
    thisMonth: { held: '320.00', released: '216.00', refunded: '40.00', fees: '24.00' },
    total: { held: '1800.00', released: '405.00', refunded: '100.00', fees: '45.00' },
  },
  openDisputes: 1,
  pendingConsents: 3,
  mail: { byStatus: { pending: 2, sent: 0, logged: 40, failed: 1 }, oldestPendingAt: '2026-06-14T14:00:00.000Z' },
  emailDelivery: 'outbox',
  recentEmails: [],
};

describe('OverviewFigures', () => {
  it('shows what needs attention, the ledger sums this month and in total, jobs by status and the outbox', () => {
    render(<OverviewFigures overview={OVERVIEW} />);
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByText('Pending consents').nextSibling).toHaveTextContent('3');
    expect(within(attention).getByText('Open disputes').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('In escrow now:')).toHaveTextContent('$1,240.00');
    const fees = screen.getByRole('row', { name: /Platform fees/ });
    expect(within(fees).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$24.00', '$45.00']);
    expect(screen.getByText('in progress').nextSibling).toHaveTextContent('0');
    expect(screen.getByText(/The oldest message waiting was queued Jun 14, 2026/)).toBeInTheDocument();
  });
});
