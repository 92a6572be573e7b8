import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job, JobAction } from '../../../contract/jobs';
import { JobActionButtons } from './job-actions';
import { json, makeJob, renderSignedIn, TEEN } from './test-fixtures';

const job = (actions: JobAction[], status: Job['status'] = 'accepted', blockedActions: Job['blockedActions'] = []): Job => makeJob({ actions, status, blockedActions });

function renderButtons(subject: Job, only?: JobAction[]) {
  renderSignedIn(
    <div role="group" aria-label="Job actions">
      <JobActionButtons job={subject} only={only} />
    </div>,
    TEEN,
  );
  return { user: userEvent.setup(), buttons: () => within(screen.getByRole('group', { name: 'Job actions' })).queryAllByRole('button') };
}

describe('JobActionButtons', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/auth/me' ? json(200, TEEN) : json(500, { message: 'unexpected' })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows exactly the server's actions, in a fixed order", () => {
    const { buttons } = renderButtons(job(['withdraw', 'start', 'cancel']));
    expect(buttons().map((b) => b.textContent)).toEqual(['Start Job', 'Withdraw', 'Cancel Job']);
  });

  it('limits them to `only`', () => {
    const { buttons } = renderButtons(job(['withdraw', 'start', 'cancel']), ['start', 'complete']);
    expect(buttons().map((b) => b.textContent)).toEqual(['Start Job']);
  });

  it('shows an action only the time of day forbids disabled, with the reason beside it', async () => {
    const { user, buttons } = renderButtons(job(['withdraw'], 'accepted', [{ action: 'start', message: 'Work can only start between 6 AM and 8 PM.' }]));
    expect(buttons().map((b) => b.textContent)).toEqual(['Start Job', 'Withdraw']);
    const start = screen.getByRole('button', { name: 'Start Job' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('Work can only start between 6 AM and 8 PM.');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    await user.click(start);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/start'))).toBe(false);
  });

  it('renders nothing when the server offers nothing', () => {
    const { buttons } = renderButtons(job([], 'completed'));
    expect(buttons()).toEqual([]);
  });

  it("posts to the action's endpoint and shows the server's message when it refuses", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/me'
        ? json(200, TEEN)
        : json(409, { code: 'OUTSIDE_WORK_HOURS', message: 'Work can only start between 6 AM and 8 PM.' }),
    );
    const { user } = renderButtons(job(['start']));
    await user.click(screen.getByRole('button', { name: 'Start Job' }));
    expect(await screen.findByText('Failed to Start Job')).toBeInTheDocument();
    expect(screen.getByText('Work can only start between 6 AM and 8 PM.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/start'));
    expect(call?.[0]).toBe('/api/jobs/22222222-2222-4222-8222-222222222222/start');
    expect(call?.[1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it("locks through the accept endpoint with the teen's own id", async () => {
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/auth/me' ? json(200, TEEN) : json(200, job(['finalize', 'release'], 'locked'))));
    const { user } = renderButtons(job(['lock'], 'posted'));
    await user.click(screen.getByRole('button', { name: 'Lock the Job' }));
    expect(await screen.findByText('Job Locked!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/jobs/'));
    expect(call?.[0]).toBe('/api/jobs/22222222-2222-4222-8222-222222222222/accept');
    expect(call?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ teenId: TEEN.id }) });
  });

  it('confirms a withdrawal in a dialog before calling the server', async () => {
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/auth/me' ? json(200, TEEN) : json(200, job([], 'posted'))));
    const { user } = renderButtons(job(['withdraw']));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw from this job?' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/withdraw'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Job Withdrawn')).toBeInTheDocument();
    expect(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/withdraw'))?.[1]).toMatchObject({ body: '{}' });
  });
});
