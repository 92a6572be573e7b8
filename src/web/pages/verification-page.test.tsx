import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/auth';
import type { HeldConsentRequestList } from '../../contract/consent';
import type { JobList } from '../../contract/jobs';
import { formatDateTime } from '../features/jobs/format';
import { HOMEOWNER, json, makeJob, renderSignedIn } from '../features/jobs/test-fixtures';
import VerificationPage from './verification-page';

const COORDINATOR: User = { ...HOMEOWNER, id: '66666666-6666-4666-8666-666666666666', fullName: 'Sam Ortiz', role: 'coordinator' };
const STARTED_AT = '2026-06-15T14:05:00.000Z';
const COMPLETED_AT = '2026-06-15T15:40:00.000Z';
// As the server answers the area's coordinator: the teen's full name.
const DONE = makeJob({ title: 'Rake the front yard', status: 'completed', teenName: 'Maya Lopez', location: '12 Elm St', startedAt: STARTED_AT, completedAt: COMPLETED_AT, actions: ['verify'] });

describe('VerificationPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, COORDINATOR);
      if (url.startsWith('/api/jobs?')) {
        const completed = new URL(url, 'http://localhost').searchParams.get('status') === 'completed';
        return json(200, { jobs: completed ? [DONE] : [], nextCursor: null } satisfies JobList);
      }
      if (url === '/api/parental-consent/held') return json(200, { requests: [] } satisfies HeldConsentRequestList);
      return json(500, { message: 'unexpected' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows on each card waiting for verification the teen, when the work started and when it was completed', async () => {
    renderSignedIn(
      <MemoryRouter>
        <VerificationPage />
      </MemoryRouter>,
      COORDINATOR,
    );
    const queue = await screen.findByRole('list', { name: 'Jobs waiting for verification' });
    const card = within(queue).getByRole('article', { name: DONE.title });
    expect(within(card).getByText('Taken by Maya Lopez')).toBeInTheDocument();
    // The app's one date-and-time format ('Jun 15, 2026, 10:05 AM' in Boston).
    expect(formatDateTime(STARTED_AT)).toMatch(/^Jun 1[56], 2026, \d{1,2}:05 [AP]M$/);
    expect(within(card).getByText(`Started ${formatDateTime(STARTED_AT)}`)).toBeInTheDocument();
    expect(within(card).getByText(`Completed ${formatDateTime(COMPLETED_AT)}`)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Verify Work' })).toBeInTheDocument();
    // The coordinator's other queue, consent requests held for approval, is there and empty.
    expect(await screen.findByText('Consent requests waiting for approval')).toBeInTheDocument();
    expect(screen.queryByText('Could not load consent requests.')).not.toBeInTheDocument();
  });
});
