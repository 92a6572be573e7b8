import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '../../../contract/payments';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { ResolveDisputeCard } from './resolve-dispute-card';
import { makeDispute } from './test-fixtures';

const COORDINATOR = { ...TEEN, id: '44444444-4444-4444-8444-444444444444', role: 'coordinator' as const };
const dispute = (id: string, jobTitle: string): Dispute => makeDispute({ id, jobTitle });
const GARAGE = dispute('55555555-5555-4555-8555-555555555555', 'Sweep the garage');
const LAWN = dispute('66666666-6666-4666-8666-666666666666', 'Mow the lawn');
const TOO_MUCH = 'A partial payment must be more than $0.00 and less than the pay of $30.00';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/auth/me') return json(200, COORDINATOR);
    if (init?.method !== 'POST') return json(500, { message: 'unexpected' });
    const body = JSON.parse(String(init.body)) as { teenAmount?: string };
    if (body.teenAmount === '45.00') return json(400, { message: `teenAmount: ${TOO_MUCH}`, code: 'VALIDATION_FAILED', fields: { teenAmount: TOO_MUCH } });
    return json(200, { ...GARAGE, status: 'resolved' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const resolutions = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url), JSON.parse(String(init?.body)) as unknown]);

function renderCards() {
  renderSignedIn(
    <>
      <ResolveDisputeCard dispute={GARAGE} />
      <ResolveDisputeCard dispute={LAWN} />
    </>,
    COORDINATOR,
  );
  return { person: userEvent.setup(), garage: within(screen.getByRole('article', { name: 'Sweep the garage' })), lawn: within(screen.getByRole('article', { name: 'Mow the lawn' })) };
}

describe('ResolveDisputeCard', () => {
  it("keeps each card's decision its own", async () => {
    const { person, garage, lawn } = renderCards();
    await person.click(garage.getByLabelText('Refund the homeowner'));
    await person.click(lawn.getByLabelText('Pay the teen in full'));
    expect(garage.getByLabelText('Refund the homeowner')).toBeChecked();
    expect(lawn.getByLabelText('Pay the teen in full')).toBeChecked();
  });

  it('asks for the amount of a partial payment before anything is sent', async () => {
    const { person, garage } = renderCards();
    expect(garage.getByRole('button', { name: 'Resolve Dispute' })).toBeDisabled();
    await person.click(garage.getByLabelText('Pay part, refund the rest'));
    await person.click(garage.getByRole('button', { name: 'Resolve Dispute' }));
    const amount = garage.getByLabelText('Amount for the teen ($)');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('Enter the amount to pay the teen'));
    expect(amount).toHaveFocus();
    expect(resolutions()).toEqual([]);
  });

  it("shows the server's refusal of the amount under it, and sends no amount with a refund", async () => {
    const { person, garage } = renderCards();
    await person.click(garage.getByLabelText('Pay part, refund the rest'));
    await person.type(garage.getByLabelText('Amount for the teen ($)'), '45');
    await person.click(garage.getByRole('button', { name: 'Resolve Dispute' }));
    expect(await screen.findByText('Failed to Resolve Dispute')).toBeInTheDocument();
    const amount = garage.getByLabelText('Amount for the teen ($)');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(TOO_MUCH));
    expect(amount).toHaveFocus();

    await person.click(garage.getByLabelText('Refund the homeowner'));
    await person.click(garage.getByRole('button', { name: 'Resolve Dispute' }));
    expect(await screen.findByText('Dispute resolved')).toBeInTheDocument();
    expect(resolutions()).toEqual([
      [`/api/disputes/${GARAGE.id}/resolve`, { outcome: 'partial', teenAmount: '45.00' }],
      [`/api/disputes/${GARAGE.id}/resolve`, { outcome: 'refund' }],
    ]);
  });
});
