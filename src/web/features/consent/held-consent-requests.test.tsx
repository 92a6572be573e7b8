import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth';
import type { HeldConsentRequest } from '../../../contract/consent';
import { HOMEOWNER, json, renderSignedIn } from '../jobs/test-fixtures';
import { formatDateTime } from '../jobs/format';
import { HeldConsentRequests } from './held-consent-requests';

const COORDINATOR: User = { ...HOMEOWNER, id: '66666666-6666-4666-8666-666666666666', fullName: 'Sam Ortiz', role: 'coordinator' };
const HELD: HeldConsentRequest = {
  id: '77777777-7777-4777-8777-777777777777',
  teen: { id: '88888888-8888-4888-8888-888888888888', fullName: 'Maya Lopez' },
  earlierParent: { name: 'Rosa Lopez', email: 'rosa@example.com', phone: '(617) 555-0142', answer: 'declined', answeredAt: '2026-06-14T15:00:00.000Z' },
  newParent: { name: 'Dana Cole', email: 'dana@example.net', phone: '(617) 555-0199' },
  requestedAt: '2026-06-15T14:05:00.000Z',
};

describe('HeldConsentRequests: the consoles of the area coordinator and of admins (issue 20)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let held: HeldConsentRequest[];
  beforeEach(() => {
    held = [HELD];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, COORDINATOR);
      if (url === '/api/parental-consent/held') return json(200, { requests: held });
      if (init?.method === 'POST' && url === `/api/parental-consent/held/${HELD.id}/approve`) {
        held = [];
        return json(200, { message: 'Approved. The consent form is on its way to Dana Cole.' });
      }
      if (init?.method === 'POST' && url === `/api/parental-consent/held/${HELD.id}/refuse`) {
        return json(409, { code: 'INVALID_TRANSITION', message: 'This request is no longer waiting for approval: it was approved, refused or replaced by a newer one.' });
      }
      return json(500, { message: 'unexpected' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

  it('shows each request with the teen, the parent who answered, the new parent and when it was asked', async () => {
    renderSignedIn(<HeldConsentRequests />, COORDINATOR);
    expect(screen.getByRole('heading', { name: 'Consent requests waiting for approval' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Consent requests waiting for approval' });
    const card = within(list).getByRole('article', { name: 'Maya Lopez' });
    expect(within(card).getByText('Rosa Lopez · rosa@example.com · (617) 555-0142', { exact: false })).toBeInTheDocument();
    expect(within(card).getByText(`Declined ${formatDateTime(HELD.earlierParent!.answeredAt)}`, { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('Dana Cole · dana@example.net · (617) 555-0199')).toBeInTheDocument();
    expect(within(card).getByText(formatDateTime(HELD.requestedAt)!)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription('Maya Lopez');
  });

  it('approves through the server, says what happened, and the request leaves the list', async () => {
    const person = userEvent.setup();
    renderSignedIn(<HeldConsentRequests />, COORDINATOR);
    const card = await screen.findByRole('article', { name: 'Maya Lopez' });
    await person.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved. The consent form is on its way to Dana Cole.')).toBeInTheDocument();
    expect(posts()).toEqual([`/api/parental-consent/held/${HELD.id}/approve`]);
    expect(await screen.findByText('No consent requests are waiting.')).toBeInTheDocument();
  });

  it("shows the server's refusal when a request was answered elsewhere", async () => {
    const person = userEvent.setup();
    renderSignedIn(<HeldConsentRequests />, COORDINATOR);
    const card = await screen.findByRole('article', { name: 'Maya Lopez' });
    await person.click(within(card).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Could not refuse')).toBeInTheDocument();
    expect(screen.getByText('This request is no longer waiting for approval: it was approved, refused or replaced by a newer one.')).toBeInTheDocument();
  });
});
