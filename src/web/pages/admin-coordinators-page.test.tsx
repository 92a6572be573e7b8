import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserSummary, CoordinatorList } from '../../contract/admin';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import AdminCoordinatorsPage from './admin-coordinators-page';

const ADMIN = { ...TEEN, id: '77777777-7777-4777-8777-777777777777', role: 'admin' as const };
const person = (id: string, fullName: string, email: string): AdminUserSummary => ({
  id,
  fullName,
  username: 'c_1',
  email,
  role: 'coordinator',
  status: 'active',
  zipCode: '02139',
  parentalConsentStatus: null,
  createdAt: '2026-06-01T12:00:00.000Z',
});
const ROSA = person('88888888-8888-4888-8888-888888888888', 'Rosa Diaz', 'rosa@example.com');
let list: CoordinatorList;
const fetchMock = vi.fn<typeof fetch>();
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET').map(([url, init]) => [init?.method, String(url), init?.body]);
beforeEach(() => {
  list = { coordinators: [{ user: ROSA, zipCodes: ['02139'], teens: 3, openJobs: 1 }] };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/me') return json(200, ADMIN);
    if (url === '/api/admin/coordinators' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { fullName: string; email: string; zipCodes: string[] };
      if (body.zipCodes.includes('90210')) return json(400, { message: 'zipCodes: Not a service area: 90210.', code: 'VALIDATION_FAILED', fields: { zipCodes: 'Not a service area: 90210. Add it under Service areas first.' } });
      const created = { user: person('99999999-9999-4999-8999-999999999999', body.fullName, body.email), zipCodes: body.zipCodes };
      list = { coordinators: [...list.coordinators, { ...created, teens: 0, openJobs: 0 }] };
      return json(201, created);
    }
    if (url === '/api/admin/coordinators') return json(200, list);
    if (url === `/api/admin/coordinators/${ROSA.id}` && init?.method === 'PATCH') {
      const { zipCodes } = JSON.parse(String(init.body)) as { zipCodes: string[] };
      return json(200, { user: ROSA, zipCodes });
    }
    return json(500, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderSignedIn(
    <MemoryRouter>
      <AdminCoordinatorsPage />
    </MemoryRouter>,
    ADMIN,
  );
}

describe('AdminCoordinatorsPage', () => {
  it("shows each coordinator's teens and open jobs, and saves their ZIP codes as a list", async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Coordinators' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('3 teens · 1 open job');
    const user = userEvent.setup();
    const zips = screen.getByLabelText('ZIP codes of Rosa Diaz');
    await user.clear(zips);
    await user.type(zips, '02139 0214');
    await user.click(screen.getByRole('button', { name: 'Save ZIP codes' }));
    expect(zips).toHaveAccessibleDescription('Enter 5-digit ZIP codes separated by commas');
    expect(writes()).toEqual([]);
    await user.type(zips, '2');
    await user.click(screen.getByRole('button', { name: 'Save ZIP codes' }));
    expect(await screen.findByText('ZIP codes saved')).toBeInTheDocument();
    expect(writes()).toEqual([['PATCH', `/api/admin/coordinators/${ROSA.id}`, JSON.stringify({ zipCodes: ['02139', '02142'] })]]);
  });

  it('creates a coordinator, who is emailed a link, and shows a refused ZIP code on its field', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Sam Park');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    const zips = screen.getByLabelText('ZIP codes');
    await user.type(zips, '02139, 90210');
    await user.click(screen.getByRole('button', { name: 'Create Coordinator' }));
    expect(await screen.findByText('Failed to create the coordinator')).toBeInTheDocument();
    expect(zips).toHaveAccessibleDescription(expect.stringContaining('Not a service area: 90210.'));
    await user.clear(zips);
    await user.type(zips, '02139,02140');
    await user.click(screen.getByRole('button', { name: 'Create Coordinator' }));
    expect(await screen.findByText('Sam Park was emailed a link to choose their password.')).toBeInTheDocument();
    expect(writes().at(-1)).toEqual(['POST', '/api/admin/coordinators', JSON.stringify({ fullName: 'Sam Park', email: 'sam@example.com', zipCodes: ['02139', '02140'] })]);
    expect(await screen.findByLabelText('ZIP codes of Sam Park')).toBeInTheDocument();
  });
});
