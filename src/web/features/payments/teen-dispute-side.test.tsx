import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '../../../contract/payments';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { TeenDisputeSide } from './teen-dispute-side';
import { makeDispute } from './test-fixtures';

const JOB_ID = '22222222-2222-4222-8222-222222222222';
let dispute: Dispute;
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  dispute = makeDispute({ jobId: JOB_ID });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/me') return json(200, TEEN);
    if (url === '/api/disputes?status=open') return json(200, { disputes: [dispute] });
    if (url === `/api/disputes/${dispute.id}/statement` && init?.method === 'POST') {
      dispute = { ...dispute, teenStatement: (JSON.parse(String(init.body)) as { statement: string }).statement };
      return json(200, dispute);
    }
    return json(500, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('TeenDisputeSide', () => {
  it("shows the homeowner's reason, asks for the teen's side before sending, sends it once and shows it", async () => {
    renderSignedIn(<TeenDisputeSide jobId={JOB_ID} />, TEEN);
    expect(await screen.findByText('Half the garage was not swept.')).toBeInTheDocument();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Send Your Side' }));
    expect(screen.getByLabelText('Your side')).toHaveAccessibleDescription(expect.stringContaining('Tell the coordinator your side'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    await person.type(screen.getByLabelText('Your side'), 'The other half was full of boxes.');
    await person.click(screen.getByRole('button', { name: 'Send Your Side' }));
    expect(await screen.findByText('Your side was sent')).toBeInTheDocument();
    expect(await screen.findByText('The other half was full of boxes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Your Side' })).toBeNull();
  });

  it('shows nothing for a job without an open dispute', async () => {
    renderSignedIn(<TeenDisputeSide jobId="99999999-9999-4999-8999-999999999999" />, TEEN);
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/disputes?status=open'));
    expect(screen.queryByText('The homeowner disputed this job')).toBeNull();
  });
});
