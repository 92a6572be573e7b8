import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/auth';
import type { Job, JobList, JobSummary } from '../../contract/jobs';
import { HOMEOWNER, json, makeJob, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import ActiveJobsPage from './active-jobs-page';
import HomeownerDashboardPage from './homeowner-dashboard-page';

const SUMMARY: JobSummary = { jobsPosted: 2, totalSpent: '0.00', activeJobs: 1, inProgress: 0 };
const TAKEN_TITLE = 'Rake the front yard';
const OPEN = makeJob({ id: '55555555-5555-4555-8555-555555555555', title: 'Sweep the deck', status: 'posted', teenId: null, teenName: null });

describe('job cards name the teen who took the job to the homeowner', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let signedIn: User;
  /** The jobs GET /api/jobs answers with, filtered by the asked statuses as the server does. */
  let served: Job[];
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, signedIn);
      if (url.endsWith('/job-summary')) return json(200, SUMMARY);
      if (url.startsWith('/api/jobs?')) {
        const statuses = new URL(url, 'http://localhost').searchParams.get('status')?.split(',');
        return json(200, { jobs: served.filter((job) => !statuses || statuses.includes(job.status)), nextCursor: null } satisfies JobList);
      }
      return json(500, { message: 'unexpected' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderPage(user: User, page: ReactNode, jobs: Job[]) {
    signedIn = user;
    served = jobs;
    renderSignedIn(<MemoryRouter>{page}</MemoryRouter>, user);
    return screen.findByRole('article', { name: TAKEN_TITLE });
  }

  // As the server answers the homeowner: the teen who accepted by first name and last initial, nobody on an open job.
  const taken = makeJob({ title: TAKEN_TITLE, status: 'accepted', teenName: 'Maya L.' });

  it("shows on the dashboard's recent jobs who took each job, and nothing on an open one", async () => {
    const card = await renderPage(HOMEOWNER, <HomeownerDashboardPage />, [taken, OPEN]);
    expect(within(card).getByText('Taken by Maya L.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: OPEN.title })).queryByText(/Taken by/)).not.toBeInTheDocument();
  });

  it("shows on the homeowner's Active Jobs who took each job", async () => {
    const card = await renderPage(HOMEOWNER, <ActiveJobsPage />, [{ ...taken, status: 'in_progress' }]);
    expect(within(card).getByText('Taken by Maya L.')).toBeInTheDocument();
  });

  it('does not tell a teen on their own Active Jobs that they took the job', async () => {
    const card = await renderPage(TEEN, <ActiveJobsPage />, [{ ...taken, teenName: TEEN.fullName }]);
    expect(card).toHaveTextContent('Status: Accepted');
    expect(within(card).queryByText(/Taken by/)).not.toBeInTheDocument();
  });
});
