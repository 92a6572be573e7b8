import { act, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth';
import type { Job } from '../../../contract/jobs';
import { AcceptJobButton } from './accept-job-button';
import { json, makeJob, renderSignedIn, TEEN } from './test-fixtures';

const OPEN_JOB = makeJob({ status: 'posted', teenId: null, actions: ['lock'] });
const jobCalls = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/jobs/'));

/**
 * The button on a card of a list that drops the card when a live update says the job was locked;
 * returns the drop.
 */
function renderListedCard(): () => void {
  let drop = () => {};
  function ListedCard() {
    const [listed, setListed] = useState(true);
    useEffect(() => {
      drop = () => setListed(false);
    }, []);
    return listed ? <AcceptJobButton job={OPEN_JOB} user={TEEN} /> : null;
  }
  renderSignedIn(<ListedCard />, TEEN);
  return () => drop();
}

describe('AcceptJobButton', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** What the job endpoints do; /api/auth/me always confirms the signed-in teen. */
  const answerJobCalls = (answer: () => Promise<Response>) =>
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/auth/me' ? json(200, TEEN) : answer()));
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function confirmAccept(user: User = TEEN) {
    renderSignedIn(<AcceptJobButton job={OPEN_JOB} user={user} />, user);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Accept Job' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this job?' });
    await person.click(within(dialog).getByRole('button', { name: 'Yes, Accept Job' }));
  }

  it('stops a teen without approved consent with the toast, before any dialog or call', async () => {
    answerJobCalls(async () => json(200, OPEN_JOB));
    const teen = { ...TEEN, parentalConsentStatus: 'pending' } as const;
    renderSignedIn(<AcceptJobButton job={OPEN_JOB} user={teen} />, teen);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept Job' }));
    expect(await screen.findByText('Parental consent required')).toBeInTheDocument();
    expect(screen.getByText('You need parental consent before accepting jobs.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(jobCalls(fetchMock)).toEqual([]);
  });

  it("shows the server's message when it refuses", async () => {
    answerJobCalls(async () => json(409, { code: 'JOB_NOT_AVAILABLE', message: 'This job may have already been taken. Please try another.' }));
    await confirmAccept();
    expect(await screen.findByText('Failed to accept job')).toBeInTheDocument();
    expect(screen.getByText('This job may have already been taken. Please try another.')).toBeInTheDocument();
  });

  it('says why the safety rules refuse the teen, and what is open instead', async () => {
    const message = 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).';
    const rules = [{ id: 'us-under-16-power-equipment', citation: '29 CFR 570.33', text: 'Teens under 16 may not use power-driven equipment.' }];
    answerJobCalls(async () => json(403, { code: 'AGE_RULE', message, rules, alternative: 'Jobs that need only hand tools are open to you.' }));
    await confirmAccept();
    expect(await screen.findByText('Failed to accept job')).toBeInTheDocument();
    expect(screen.getByText(`${message} Jobs that need only hand tools are open to you.`)).toBeInTheDocument();
    // Refused at the lock: nothing to hand back.
    expect(jobCalls(fetchMock).map(([url]) => String(url))).toEqual([`/api/jobs/${OPEN_JOB.id}/accept`]);
  });

  it('says the job was taken when its card leaves the list while the teen is still deciding', async () => {
    answerJobCalls(async () => json(200, OPEN_JOB));
    const dropCard = renderListedCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept Job' }));
    await screen.findByRole('alertdialog', { name: 'Accept this job?' });
    act(() => dropCard());
    expect(await screen.findByText('Failed to accept job')).toBeInTheDocument();
    expect(screen.getByText('This job may have already been taken. Please try another.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(jobCalls(fetchMock)).toEqual([]);
  });

  it('lets the answer speak when the card leaves the list after the teen confirmed', async () => {
    answerJobCalls(async () => json(200, OPEN_JOB));
    const dropCard = renderListedCard();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Accept Job' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this job?' });
    await person.click(within(dialog).getByRole('button', { name: 'Yes, Accept Job' }));
    // The teen's own lock is what takes the card off the list.
    act(() => dropCard());
    expect(await screen.findByText('Job Accepted!')).toBeInTheDocument();
    expect(screen.queryByText('Failed to accept job')).not.toBeInTheDocument();
  });

  it('says nothing when a card leaves the list with no dialog open', async () => {
    const dropCard = renderListedCard();
    act(() => dropCard());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Failed to accept job')).not.toBeInTheDocument();
  });

  it('asks to try again when the call never got an answer', async () => {
    answerJobCalls(() => Promise.reject(new TypeError('Failed to fetch')));
    await confirmAccept();
    expect(await screen.findByText('Failed to accept job')).toBeInTheDocument();
    expect(screen.getByText('Error accepting job. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('This job may have already been taken. Please try another.')).not.toBeInTheDocument();
    expect(jobCalls(fetchMock)[0]?.[0]).toBe(`/api/jobs/${OPEN_JOB.id}/accept`);
  });

  describe('during a lock cooldown', () => {
    const COOLDOWN = 'You released this job. You can lock it again at 3:15 PM.';
    const WAITING = { ...OPEN_JOB, actions: [], blockedActions: [{ action: 'lock' as const, message: COOLDOWN }] };
    /** Each job call by method and path: `answers['POST /accept']`, `answers['GET ']` (the details). */
    const answerByCall = (answers: Record<string, () => Response>) =>
      answerJobCalls(async () => {
        const [input, init] = fetchMock.mock.lastCall!;
        const call = `${init?.method ?? 'GET'} ${String(input).slice(`/api/jobs/${OPEN_JOB.id}`.length)}`;
        const answer = answers[call];
        return answer ? answer() : json(500, { message: `unexpected ${call}` });
      });
    const acceptButton = () => screen.getByRole('button', { name: 'Accept Job' });

    it("shows the lock disabled with the server's reason when the list says it waits", async () => {
      renderSignedIn(<AcceptJobButton job={WAITING} user={TEEN} />, TEEN);
      expect(acceptButton()).toBeDisabled();
      expect(acceptButton()).toHaveAccessibleDescription(COOLDOWN);
      expect(jobCalls(fetchMock)).toEqual([]);
    });

    it('says until when instead of offering the lock again, once a tap was refused for the cooldown', async () => {
      answerByCall({
        'POST /accept': () => json(409, { code: 'LOCK_COOLDOWN', message: COOLDOWN }),
        'GET ': () => json(200, WAITING),
      });
      await confirmAccept();
      expect(await screen.findByText('Failed to accept job')).toBeInTheDocument();
      await waitFor(() => expect(acceptButton()).toBeDisabled());
      expect(acceptButton()).toHaveAccessibleDescription(COOLDOWN);
    });

    it('says the cooldown its own hand-back started, and offers the lock again once the details say it is open', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        let details: Job = WAITING;
        let accepts = 0;
        answerByCall({
          // The lock is taken, the accept refused (an hour rule), so the lock is handed back.
          'POST /accept': () => (++accepts === 1 ? json(200, { ...OPEN_JOB, status: 'locked', teenId: TEEN.id }) : json(403, { code: 'AGE_RULE', message: 'Not today.' })),
          'POST /release-lock': () => json(200, WAITING),
          'GET ': () => json(200, details),
        });
        await confirmAccept();
        expect(await screen.findByText('Failed to accept job')).toBeInTheDocument();
        await waitFor(() => expect(acceptButton()).toBeDisabled());
        expect(acceptButton()).toHaveAccessibleDescription(COOLDOWN);

        details = { ...OPEN_JOB, actions: ['lock'] };
        await act(async () => vi.advanceTimersByTime(30_000));
        await waitFor(() => expect(acceptButton()).toBeEnabled());
        expect(screen.queryByText(COOLDOWN)).not.toBeInTheDocument();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
