import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceArea } from '../../contract/admin';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import AdminServiceAreasPage from './admin-service-areas-page';

const ADMIN = { ...TEEN, id: '77777777-7777-4777-8777-777777777777', role: 'admin' as const };
const area = (zipCode: string, overrides: Partial<ServiceArea> = {}): ServiceArea => ({
  zipCode,
  name: `ZIP code ${zipCode}`,
  active: true,
  openJobs: 0,
  coordinators: 1,
  needsCoordinator: false,
  createdAt: '2026-06-01T12:00:00.000Z',
  ...overrides,
});
let areas: ServiceArea[];
const fetchMock = vi.fn<typeof fetch>();
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET').map(([url, init]) => [init?.method, String(url), init?.body]);
beforeEach(() => {
  areas = [area('02139'), area('02140', { openJobs: 2, coordinators: 0, needsCoordinator: true })];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/me') return json(200, ADMIN);
    if (url === '/api/admin/service-areas' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { zipCode: string; name: string };
      if (body.zipCode === '02139') return json(409, { message: '02139 is already a service area.', code: 'CONFLICT', fields: { zipCode: 'This ZIP code is already a service area' } });
      const added = area(body.zipCode, { name: body.name, coordinators: 0 });
      areas = [...areas, added];
      return json(201, added);
    }
    if (url === '/api/admin/service-areas') return json(200, { areas });
    if (url === '/api/admin/service-areas/02140' && init?.method === 'PATCH') {
      areas = areas.map((a) => (a.zipCode === '02140' ? { ...a, active: false } : a));
      return json(200, areas[1]);
    }
    return json(500, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderSignedIn(
    <MemoryRouter>
      <AdminServiceAreasPage />
    </MemoryRouter>,
    ADMIN,
  );
}

describe('AdminServiceAreasPage', () => {
  it('says so when there is no service area yet, and lists the first one added', async () => {
    areas = [];
    renderPage();
    expect(await screen.findByText('No service areas yet: add the first ZIP code above.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Service areas' })).not.toBeInTheDocument();
    const person = userEvent.setup();
    await person.type(screen.getByLabelText('ZIP code'), '02141');
    await person.type(screen.getByLabelText('Name'), 'East Cambridge');
    await person.click(screen.getByRole('button', { name: 'Add Service Area' }));
    const list = await screen.findByRole('list', { name: 'Service areas' });
    expect(within(list).getByText(/East Cambridge/)).toBeInTheDocument();
    expect(screen.queryByText('No service areas yet: add the first ZIP code above.')).not.toBeInTheDocument();
  });

  it('flags an area with open jobs and no coordinator, and pauses an area', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Service areas' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).not.toHaveTextContent('Needs a coordinator');
    expect(second).toHaveTextContent('2 open jobs · 0 coordinators');
    expect(second).toHaveTextContent('Needs a coordinator');
    const person = userEvent.setup();
    await person.click(within(second!).getByRole('button', { name: 'Pause 02140' }));
    expect(await screen.findByText('Service area paused')).toBeInTheDocument();
    expect(writes()).toEqual([['PATCH', '/api/admin/service-areas/02140', JSON.stringify({ active: false })]]);
    expect(await within(second!).findByText('Paused')).toBeInTheDocument();
  });

  it('checks a new ZIP code with the server\'s schema, shows a refusal on its field, and adds one', async () => {
    renderPage();
    const person = userEvent.setup();
    const zip = await screen.findByLabelText('ZIP code');
    await person.type(zip, '213');
    await person.type(screen.getByLabelText('Name'), 'Cambridgeport');
    await person.click(screen.getByRole('button', { name: 'Add Service Area' }));
    expect(zip).toHaveAccessibleDescription('ZIP code must be 5 digits');
    expect(writes()).toEqual([]);
    await person.clear(zip);
    await person.type(zip, '02139');
    await person.click(screen.getByRole('button', { name: 'Add Service Area' }));
    expect(await screen.findByText('Failed to add the service area')).toBeInTheDocument();
    expect(zip).toHaveAccessibleDescription('This ZIP code is already a service area');
    await person.clear(zip);
    await person.type(zip, '02143');
    await person.click(screen.getByRole('button', { name: 'Add Service Area' }));
    expect(await screen.findByText('Service area added')).toBeInTheDocument();
    expect(await screen.findByText('Cambridgeport')).toBeInTheDocument();
  });
});
