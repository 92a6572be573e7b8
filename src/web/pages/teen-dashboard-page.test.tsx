import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job, JobList } from '../../contract/jobs';
import type { Achievement } from '../../contract/progress';
import { json, makeJob, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import { makeRecommendation, preferencesWith, recommendationsOf } from '../features/recommendations/test-fixtures';
import TeenDashboardPage from './teen-dashboard-page';

const achievement = (id: string): Achievement => ({
  id,
  type: 'milestone',
  title: id,
  description: id,
  rarity: 'common',
  points: 10,
  earnedAt: '2026-11-20T15:00:00.000Z',
});

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

describe('Teen dashboard tabs', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** The teen's active jobs, as GET /api/jobs?teenId=...&status=accepted,in_progress,completed,verified answers. */
  let active: Job[];
  /** The teen's achievements, as GET /api/achievements/{id} answers. */
  let earned: Achievement[];
  beforeEach(() => {
    active = [];
    earned = [];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === `/api/users/${TEEN.id}/preferences`) return json(200, preferencesWith());
      if (url.startsWith(`/api/teens/${TEEN.id}/job-recommendations`)) return json(200, recommendationsOf([makeRecommendation(1)]));
      if (url.startsWith('/api/jobs?')) return json(200, { jobs: active, nextCursor: null } satisfies JobList);
      if (url === `/api/achievements/${TEEN.id}`) return json(200, earned);
      // The wallet, consent and hours cards are tested on their own.
      return json(404, { message: 'Not found' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderAt = (path: string) =>
    renderSignedIn(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/teen-dashboard" element={<TeenDashboardPage />} />
        </Routes>
        <Location />
      </MemoryRouter>,
      TEEN,
    );
  const tabs = () => screen.findByRole('tablist', { name: 'Dashboard sections' });
  const jobsOf = (count: number) => Array.from({ length: count }, (_, i) => makeJob({ id: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`, title: `My job ${i + 1}` }));

  it('shows three tabs, AI Jobs first and open, then Dashboard and Progress', async () => {
    renderAt('/teen-dashboard');
    const list = await tabs();
    expect(within(list).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['AI Jobs', 'Dashboard', 'Progress']);
    expect(within(list).getByRole('tab', { name: 'AI Jobs' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'AI Jobs' });
    expect(await within(panel).findByRole('article', { name: 'Recommended job 1' })).toBeInTheDocument();
  });

  it('shows a banner with the latest achievement (the first of the newest-first list), and none before the first', async () => {
    earned = [{ ...achievement('five_jobs'), title: 'On a Roll', description: 'Get paid for 5 jobs.', points: 50 }, achievement('first_paid_job')];
    renderAt('/teen-dashboard');
    const banner = await screen.findByRole('region', { name: 'Latest achievement' });
    expect(banner).toHaveTextContent('On a Roll');
    expect(banner).toHaveTextContent('Get paid for 5 jobs.');
    expect(banner).toHaveTextContent('+50 points');
    expect(banner).not.toHaveTextContent('first_paid_job');
  });

  it('shows no achievement banner while the teen has none', async () => {
    renderAt('/teen-dashboard');
    await tabs();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/achievements/${TEEN.id}`, expect.anything()));
    expect(screen.queryByRole('region', { name: 'Latest achievement' })).not.toBeInTheDocument();
  });

  it('loads the Progress tab when it is opened, with its inner tabs', async () => {
    renderAt('/teen-dashboard?tab=progress');
    const panel = await screen.findByRole('tabpanel', { name: 'Progress' });
    const inner = await within(panel).findByRole('tablist', { name: 'Progress sections' });
    expect(within(inner).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Achievements', 'Challenges', 'Leaderboard']);
    expect(await within(panel).findByText('No achievements yet')).toBeInTheDocument();
  });

  it('opens Dashboard by click or arrow key, keeps it in the address, and opens it from there', async () => {
    renderAt('/teen-dashboard');
    await userEvent.click(within(await tabs()).getByRole('tab', { name: 'Dashboard' }));
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/teen-dashboard?tab=dashboard');
    await userEvent.keyboard('{ArrowLeft}');
    // The address changes in a router transition, which a loaded machine may finish a moment later.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'AI Jobs' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/teen-dashboard$/);
  });

  it('shows Find Jobs, the counters and the 3 most recent of the teen’s active jobs, with View All Active Jobs (n) past 3', async () => {
    active = jobsOf(5);
    earned = [achievement('first_paid_job'), achievement('five_jobs')];
    renderAt('/teen-dashboard?tab=dashboard');
    const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    expect(within(panel).getByRole('link', { name: 'Find Jobs' })).toHaveAttribute('href', '/job-explorer');
    const recent = await within(panel).findByRole('list', { name: 'Recent activity' });
    expect(within(recent).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['My job 1', 'My job 2', 'My job 3']);
    expect(within(recent).getAllByRole('article')[0]).toHaveTextContent('Status: Accepted');
    const counters = () => within(panel).getAllByRole('definition').map((figure) => `${figure.previousSibling?.textContent ?? figure.nextSibling?.textContent}: ${figure.textContent}`);
    await waitFor(() => expect(counters()).toEqual(['Active Jobs: 5', 'Achievements: 2']));
    expect(within(panel).getByRole('link', { name: 'View All Active Jobs (5)' })).toHaveAttribute('href', '/active-jobs');
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/jobs?'))!;
    const query = new URL(asked, 'http://localhost').searchParams;
    expect(query.get('teenId')).toBe(TEEN.id);
    expect(query.get('status')).toBe('accepted,in_progress,completed,verified');
  });

  it('has no View All Active Jobs link with 3 jobs or fewer', async () => {
    active = jobsOf(3);
    renderAt('/teen-dashboard?tab=dashboard');
    const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    expect(within(await within(panel).findByRole('list', { name: 'Recent activity' })).getAllByRole('article')).toHaveLength(3);
    expect(within(panel).queryByRole('link', { name: /View All Active Jobs/ })).not.toBeInTheDocument();
  });

  it('says No active jobs yet, with Browse Available Jobs, when the teen has none', async () => {
    renderAt('/teen-dashboard?tab=dashboard');
    const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    expect(await within(panel).findByRole('heading', { name: 'No active jobs yet' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Browse Available Jobs' })).toHaveAttribute('href', '/job-explorer');
  });
});
