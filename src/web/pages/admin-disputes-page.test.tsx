import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDisputeList } from '../../contract/admin';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import { makeDispute } from '../features/payments/test-fixtures';
import AdminDisputesPage from './admin-disputes-page';

const ADMIN = { ...TEEN, id: '77777777-7777-4777-8777-777777777777', role: 'admin' as const };
const DISPUTE_ID = '55555555-5555-4555-8555-555555555555';
let open: AdminDisputeList;
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  open = {
    disputes: [
      {
        dispute: makeDispute({ id: DISPUTE_ID, teenStatement: 'The other half was full of boxes.' }),
        homeowner: { id: '33333333-3333-4333-8333-333333333333', fullName: 'Hal Homeowner' },
        teen: { id: '44444444-4444-4444-8444-444444444444', fullName: 'Tina Teen' },
        history: [
          { transition: 'post', fromStatus: null, toStatus: 'posted', actorRole: 'homeowner', at: '2026-06-14T12:00:00.000Z' },
          { transition: 'dispute', fromStatus: 'completed', toStatus: 'disputed', actorRole: 'homeowner', at: '2026-06-15T12:00:00.000Z' },
        ],
      },
    ],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/me') return json(200, ADMIN);
    if (url === '/api/admin/disputes?status=open') return json(200, open);
    if (url === `/api/disputes/${DISPUTE_ID}/resolve` && init?.method === 'POST') {
      const resolved = { ...open.disputes[0]!.dispute, status: 'resolved', outcome: 'refund', jobStatus: 'refunded' };
      open = { disputes: [] };
      return json(200, resolved);
    }
    return json(500, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AdminDisputesPage', () => {
  it("shows both sides, the parties and the job's history, and settles the dispute from the screen", async () => {
    renderSignedIn(
      <MemoryRouter>
        <AdminDisputesPage />
      </MemoryRouter>,
      ADMIN,
    );
    const item = within(await screen.findByRole('list', { name: 'Open disputes' })).getAllByRole('listitem')[0]!;
    expect(item).toHaveTextContent('Half the garage was not swept.');
    expect(item).toHaveTextContent("The teen's sideThe other half was full of boxes.");
    expect(item).toHaveTextContent('Homeowner: Hal Homeowner · Teen: Tina Teen');
    expect(item).toHaveTextContent('dispute (completed → disputed) by the homeowner');
    const person = userEvent.setup();
    await person.click(within(item).getByRole('radio', { name: 'Refund the homeowner' }));
    await person.click(within(item).getByRole('button', { name: 'Resolve Dispute' }));
    expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === `/api/disputes/${DISPUTE_ID}/resolve`)!;
    expect(init?.body).toBe(JSON.stringify({ outcome: 'refund' }));
  });
});
