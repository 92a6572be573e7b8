import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail, AdminUserSummary } from '../../contract/admin';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import AdminPeoplePage from './admin-people-page';

const ADMIN = { ...TEEN, id: '77777777-7777-4777-8777-777777777777', role: 'admin' as const, fullName: 'Ada Admin' };
const MAYA: AdminUserSummary = {
  id: '88888888-8888-4888-8888-888888888888',
  fullName: 'Maya Lopez',
  username: 'maya_l',
  email: 'maya@example.com',
  role: 'teen',
  status: 'active',
  zipCode: '02139',
  parentalConsentStatus: 'approved',
  createdAt: '2026-06-01T12:00:00.000Z',
};
let maya: AdminUserSummary;
const detail = (): AdminUserDetail => ({
  user: maya,
  coordinatorZipCodes: [],
  jobs: [{ id: '99999999-9999-4999-8999-999999999999', title: 'Rake the front yard', status: 'accepted', payAmount: '40.00', zipCode: '02139', as: 'teen', createdAt: '2026-06-10T12:00:00.000Z' }],
  payments: [],
  actions:
    maya.status === 'suspended'
      ? [{ id: '12121212-1212-4212-8212-121212121212', at: '2026-06-15T16:00:00.000Z', actor: { id: ADMIN.id, fullName: 'Ada Admin' }, targetType: 'user', targetId: maya.id, action: 'user.suspend', changes: { reason: 'Repeated no-shows' } }]
      : [],
});
const fetchMock = vi.fn<typeof fetch>();
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url), init?.body]);
beforeEach(() => {
  maya = { ...MAYA };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/me') return json(200, ADMIN);
    if (url.startsWith('/api/admin/users?')) return json(200, { users: url.includes('query=nobody') ? [] : [maya], nextCursor: null });
    if (url === `/api/admin/users/${MAYA.id}`) return json(200, detail());
    if (url === `/api/admin/users/${MAYA.id}/suspend` && init?.method === 'POST') {
      maya = { ...maya, status: 'suspended' };
      return json(200, maya);
    }
    if (url === `/api/admin/users/${MAYA.id}/reactivate` && init?.method === 'POST') {
      maya = { ...maya, status: 'active' };
      return json(200, maya);
    }
    return json(500, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return renderSignedIn(
    <MemoryRouter initialEntries={['/admin/people']}>
      <Routes>
        <Route path="/admin/people" element={<AdminPeoplePage />} />
      </Routes>
    </MemoryRouter>,
    ADMIN,
  );
}

describe('AdminPeoplePage', () => {
  it('finds a person by name with the filters the server reads, and says when no one matches', async () => {
    renderPage();
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText('Name, email or username'), 'maya');
    await person.selectOptions(screen.getByLabelText('Role'), 'teen');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getByText('Maya Lopez')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/admin/users?query=maya&role=teen');
    await person.clear(screen.getByLabelText('Name, email or username'));
    await person.type(screen.getByLabelText('Name, email or username'), 'nobody');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No one matches.')).toBeInTheDocument();
  });

  it('says when the people cannot be read, and reads them again on Try Again', async () => {
    let up = false;
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => (String(input).startsWith('/api/admin/users?') && !up ? json(500, { message: 'down' }) : answer(input, init)));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load people.');
    up = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await screen.findByRole('list', { name: 'People' })).getByText('Maya Lopez')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens a person, asks for a reason before suspending them, then reactivates them', async () => {
    renderPage();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('link', { name: /Maya Lopez/ }));
    expect(await screen.findByRole('heading', { name: 'Maya Lopez' })).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText(/Rake the front yard/)).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Suspend Account' }));
    const reason = screen.getByLabelText('Reason for suspending');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('A reason is required'));
    expect(posts()).toEqual([]);
    await person.type(reason, 'Repeated no-shows');
    await person.click(screen.getByRole('button', { name: 'Suspend Account' }));
    expect(await screen.findByText('Maya Lopez is signed out everywhere and cannot sign in.')).toBeInTheDocument();
    expect(posts()).toEqual([[`/api/admin/users/${MAYA.id}/suspend`, JSON.stringify({ reason: 'Repeated no-shows' })]]);
    expect(await screen.findByText('Reason: Repeated no-shows')).toBeInTheDocument();

    await person.click(await screen.findByRole('button', { name: 'Reactivate Account' }));
    expect(await screen.findByText('Maya Lopez can sign in again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Suspend Account' })).toBeInTheDocument();
  });

  it("shows no suspension controls on the admin's own account", async () => {
    maya = { ...MAYA, id: ADMIN.id, role: 'admin', fullName: 'Ada Admin', parentalConsentStatus: null };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, ADMIN);
      if (url === `/api/admin/users/${ADMIN.id}`) return json(200, detail());
      return json(200, { users: [maya], nextCursor: null });
    });
    renderPage();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('link', { name: /Ada Admin/ }));
    expect(await screen.findByRole('heading', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend Account' })).toBeNull();
  });
});
