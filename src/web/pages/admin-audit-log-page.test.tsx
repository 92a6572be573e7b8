import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../contract/admin';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import AdminAuditLogPage from './admin-audit-log-page';

const ADMIN = { ...TEEN, id: '77777777-7777-4777-8777-777777777777', role: 'admin' as const, fullName: 'Ada Admin' };
const entry = (n: number, overrides: Partial<AuditEntry>): AuditEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  at: '2026-06-15T16:00:00.000Z',
  actor: { id: ADMIN.id, fullName: 'Ada Admin' },
  targetType: 'user',
  targetId: '88888888-8888-4888-8888-888888888888',
  action: 'user.suspend',
  changes: {},
  ...overrides,
});
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/me') return json(200, ADMIN);
    if (url === '/api/admin/audit-log?') {
      return json(200, {
        entries: [entry(1, { changes: { status: { from: 'active', to: 'suspended' }, reason: 'Repeated no-shows' } })],
        nextCursor: 'page-2',
      });
    }
    if (url === '/api/admin/audit-log?cursor=page-2') {
      return json(200, { entries: [entry(2, { action: 'service_area.add', targetType: 'service_area', targetId: '02143', changes: { name: 'Somerville', active: true } })], nextCursor: null });
    }
    if (url === '/api/admin/audit-log?action=coordinator.update&target=02139') return json(200, { entries: [], nextCursor: null });
    if (url === `/api/admin/audit-log?actor=${ADMIN.id}`) return json(200, { entries: [entry(3, { action: 'email.test', targetType: 'email', changes: { to: 'ops@example.com' } })], nextCursor: null });
    return json(500, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AdminAuditLogPage', () => {
  it('lists the acts newest first with what they changed, loads more by cursor, and filters by action and target', async () => {
    renderSignedIn(
      <MemoryRouter>
        <AdminAuditLogPage />
      </MemoryRouter>,
      ADMIN,
    );
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const first = within(log).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Account suspended by Ada Admin');
    expect(first).toHaveTextContent('status: active → suspended');
    expect(first).toHaveTextContent('reason: Repeated no-shows');
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('name: Somerville')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Audit log' })).getByText('Service area added')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await person.selectOptions(screen.getByLabelText('Action'), 'coordinator.update');
    await person.type(screen.getByLabelText('Target'), '02139');
    await person.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No admin action matches.')).toBeInTheDocument();
  });
});

describe('AdminAuditLogPage opened for one admin', () => {
  it("lists that admin's acts from the link's actor, and every admin's on request", async () => {
    renderSignedIn(
      <MemoryRouter initialEntries={[`/admin/audit-log?actor=${ADMIN.id}`]}>
        <AdminAuditLogPage />
      </MemoryRouter>,
      ADMIN,
    );
    expect(await screen.findByText('to: ops@example.com')).toBeInTheDocument();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Show every admin' }));
    expect(await screen.findByText('reason: Repeated no-shows')).toBeInTheDocument();
  });
});
