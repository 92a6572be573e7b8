import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/auth';
import type { Job } from '../../contract/jobs';
import type { Eligibility } from '../../contract/safety';
import { HOMEOWNER, json, makeJob, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import JobDetailsPage from './job-details-page';

const NOW = new Date('2026-06-15T16:00:00Z');
const OTHER_TEEN_ID = '44444444-4444-4444-8444-444444444444';
const JOB_URL = `/api/jobs/${makeJob().id}`;
const ALLOWED: Eligibility = { allowed: true, minimumAge: 14, message: null, rules: [], alternative: null };
const MOWER_RULES = [
  { id: 'us-under-16-power-equipment', citation: '29 CFR 570.33', text: 'Teens under 16 may not use power-driven equipment such as lawn mowers.' },
  { id: 'ma-under-16-power-machinery', citation: 'M.G.L. c. 149, § 61', text: 'In Massachusetts, teens under 16 may not operate or work near power-driven machinery in motion.' },
];
const MOWER_REFUSAL = {
  message: 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).',
  rules: MOWER_RULES,
  alternative: 'Jobs that need only hand tools are open to you.',
};

const openJob = (actions: Job['actions'] = ['lock']) => makeJob({ status: 'posted', teenId: null, actions });
/** Who holds a lock reaches only its holder, the homeowner, the coordinator and admins: other teens get teenId null. */
const lockedBy = (teenId: string | null, secondsLeft: number, actions: Job['actions'] = []) =>
  makeJob({ status: 'locked', teenId, lockExpiresAt: new Date(Date.now() + secondsLeft * 1000).toISOString(), actions });

describe('JobDetailsPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** The job GET /api/jobs/{id} answers with now; tests change it to play the server. */
  let served: Job;
  let signedIn: User;
  /** What GET /api/jobs/{id}/eligibility answers the signed-in teen. */
  let eligibility: Eligibility;
  /** What POST /api/jobs/{id}/start answers. */
  let answerStart: () => Response;
  beforeEach(() => {
    eligibility = ALLOWED;
    answerStart = () => json(500, { message: 'unexpected' });
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, signedIn);
      if (url === JOB_URL && !init?.method) return json(200, served);
      if (url === `${JOB_URL}/release-lock`) return json(200, (served = openJob()));
      if (url === `${JOB_URL}/eligibility`) return json(200, eligibility);
      if (url === `${JOB_URL}/start`) return answerStart();
      return json(500, { message: 'unexpected' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const jobFetches = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(JOB_URL));

  async function renderDetails(user: User, job: Job) {
    signedIn = user;
    served = job;
    renderSignedIn(
      <MemoryRouter initialEntries={[`/job/${job.id}`]}>
        <Routes>
          <Route path="/job/:id" element={<JobDetailsPage />} />
        </Routes>
      </MemoryRouter>,
      user,
    );
    await screen.findByRole('heading', { name: job.title });
  }

  describe("a teen's own lock", () => {
    beforeEach(() => {
      // Timers move with real time (so Testing Library's waits run) and can be moved on at will.
      vi.useFakeTimers({ shouldAdvanceTime: true });
      vi.setSystemTime(NOW);
    });

    it('keeps Lock Expired after the polled job comes back posted, until Refresh Page', async () => {
      await renderDetails(TEEN, lockedBy(TEEN.id, 5, ['finalize', 'release']));
      expect(screen.getByRole('timer', { name: 'Time left on your lock' })).toBeInTheDocument();

      // The server expires the lock; the countdown reaches zero, then the 10 s poll brings the job back open.
      served = openJob();
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(screen.getByRole('heading', { name: 'Lock Expired' })).toBeInTheDocument();
      const fetchesBeforePoll = jobFetches().length;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(jobFetches().length).toBeGreaterThan(fetchesBeforePoll);
      expect(await screen.findByText('Open')).toHaveTextContent('Status: Open');
      expect(screen.getByRole('heading', { name: 'Lock Expired' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Lock the Job' })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
      expect(await screen.findByRole('button', { name: 'Lock the Job' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Lock Expired' })).not.toBeInTheDocument();
    });

    it('shows the job open again, not Lock Expired, after the teen releases the lock', async () => {
      await renderDetails(TEEN, lockedBy(TEEN.id, 5, ['finalize', 'release']));
      fireEvent.click(screen.getByRole('button', { name: 'Release Lock' }));
      expect(await screen.findByRole('button', { name: 'Lock the Job' })).toBeInTheDocument();
      // Past the moment the released lock would have run out.
      await act(() => vi.advanceTimersByTimeAsync(16_000));
      expect(screen.getByRole('button', { name: 'Lock the Job' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Lock Expired' })).not.toBeInTheDocument();
    });
  });

  describe('an open job', () => {
    it('offers a teen without consent the lock and its note, and the tap only says consent is needed', async () => {
      await renderDetails({ ...TEEN, parentalConsentStatus: 'none' }, openJob([]));
      expect(screen.getByText(/Locking gives you 15 minutes to decide\./)).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Lock the Job' }));
      expect(await screen.findByText('Parental consent required')).toBeInTheDocument();
      expect(screen.getByText('You need parental consent before accepting jobs.')).toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
      expect(screen.getByRole('link', { name: 'Get Parental Consent' })).toHaveAttribute('href', '/parental-consent');
    });

    it("tells a consented teen the server offers no lock to, whom the safety rules allow, that it can't be locked now", async () => {
      await renderDetails(TEEN, openJob([]));
      // The safety rules allow it (its eligibility says so): something else holds it up.
      expect(await screen.findByRole('region', { name: "You can't lock this job right now" })).toHaveTextContent(
        'This job cannot be locked right now. Refresh to see its latest status.',
      );
      expect(screen.queryByRole('button', { name: 'Lock the Job' })).not.toBeInTheDocument();
    });

    it('shows a teen who let the job go the lock disabled, with when it opens to them again', async () => {
      const message = 'You released this job. You can lock it again at 12:15 PM.';
      await renderDetails(TEEN, { ...openJob([]), blockedActions: [{ action: 'lock', message }] });
      expect(await screen.findByRole('button', { name: 'Lock the Job' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Lock the Job' })).toHaveAccessibleDescription(message);
      expect(screen.queryByRole('region', { name: "You can't lock this job right now" })).not.toBeInTheDocument();
    });

    it("shows a teen the street without the house number (the server sends no homeowner), and says when they get the rest", async () => {
      await renderDetails(TEEN, { ...openJob(), location: 'Elm St, Cambridge', homeownerId: null });
      expect(screen.getByText('Elm St, Cambridge')).toBeInTheDocument();
      expect(screen.getByText('The house number is shared once you accept.')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Lock the Job' })).toBeEnabled();
    });

    it('offers a homeowner no lock', async () => {
      await renderDetails(HOMEOWNER, openJob([]));
      expect(screen.queryByRole('button', { name: 'Lock the Job' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Locking gives you 15 minutes/)).not.toBeInTheDocument();
    });
  });

  describe('an accepted job', () => {
    const notice = () => screen.getByRole('region', { name: 'Job Accepted!' });

    it('tells the teen who accepted it what happens next, with the address', async () => {
      await renderDetails(TEEN, makeJob({ status: 'accepted', teenId: TEEN.id, location: '12 Elm St', actions: ['start', 'withdraw'] }));
      expect(notice()).toHaveTextContent('You accepted this job. A Yardly coordinator will contact you soon to confirm the details.');
      expect(screen.getByText('Location')).toBeInTheDocument();
      expect(screen.getByText('12 Elm St')).toBeInTheDocument();
    });

    it("shows another teen its public face (spec 2's text for others) without an address line", async () => {
      await renderDetails(TEEN, makeJob({ status: 'accepted', teenId: null, location: null, actions: [] }));
      expect(notice()).toHaveTextContent('A teen has accepted this job. A Yardly coordinator will confirm the details with them.');
      expect(screen.queryByText('Location')).not.toBeInTheDocument();
      expect(screen.queryByText('Shared by your coordinator')).not.toBeInTheDocument();
    });

    it('tells the homeowner a teen accepted it, with the address', async () => {
      await renderDetails(HOMEOWNER, makeJob({ status: 'accepted', teenId: OTHER_TEEN_ID, location: '12 Elm St', actions: ['cancel'] }));
      expect(notice()).toHaveTextContent('A teen has accepted this job.');
      expect(screen.getByText('12 Elm St')).toBeInTheDocument();
    });
  });

  describe('who took the job', () => {
    /** What the details card says for `term`; null when it has no such row. */
    const fact = (term: string) => screen.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;

    it("names the teen to the homeowner as the server does ('Maya L.')", async () => {
      await renderDetails(HOMEOWNER, makeJob({ status: 'in_progress', teenId: OTHER_TEEN_ID, teenName: 'Maya L.' }));
      expect(fact('Taken by')).toBe('Maya L.');
    });

    it('names nobody to the homeowner while a teen only holds a lock (the server sends no name)', async () => {
      await renderDetails(HOMEOWNER, lockedBy(OTHER_TEEN_ID, 600));
      expect(fact('Taken by')).toBeNull();
      expect(fact('Locked by')).toBeNull();
    });

    it('tells a coordinator who holds a lock', async () => {
      await renderDetails({ ...HOMEOWNER, role: 'coordinator' }, { ...lockedBy(OTHER_TEEN_ID, 600), teenName: 'Maya Lopez' });
      expect(fact('Locked by')).toBe('Maya Lopez');
    });

    it('does not tell the teen they took their own job', async () => {
      await renderDetails(TEEN, makeJob({ status: 'accepted', teenId: TEEN.id, teenName: TEEN.fullName, actions: ['start'] }));
      expect(fact('Taken by')).toBeNull();
      expect(screen.queryByText(TEEN.fullName)).not.toBeInTheDocument();
    });
  });

  describe("another teen's lock", () => {
    const notice = () => screen.getByRole('region', { name: 'Job Temporarily Locked' });

    it('tells a teen another teen is deciding (the server does not say who)', async () => {
      await renderDetails(TEEN, { ...lockedBy(null, 600), homeownerId: null });
      expect(notice()).toHaveTextContent("Another teen is deciding on this job. If they don't accept it within 15 minutes, it opens up again.");
    });

    it.each([
      ['a homeowner', HOMEOWNER],
      ['a coordinator', { ...HOMEOWNER, role: 'coordinator' } as const],
      ['an admin', { ...HOMEOWNER, role: 'admin' } as const],
    ])('tells %s a teen is deciding', async (_who, user) => {
      await renderDetails(user, lockedBy(OTHER_TEEN_ID, 600));
      expect(notice()).toHaveTextContent("A teen is deciding on this job. If they don't accept it within 15 minutes, it opens up again.");
      expect(notice()).not.toHaveTextContent('Another teen');
    });
  });

  describe('the safety rules by age', () => {
    const mowerJob = (actions: Job['actions'] = []) => makeJob({ status: 'posted', teenId: null, equipment: ['lawn_mower'], minimumAge: 16, actions });

    it("shows a teen the rules refuse the reason, each rule with its citation and what is open instead, and no lock", async () => {
      eligibility = { allowed: false, minimumAge: 16, ...MOWER_REFUSAL };
      await renderDetails(TEEN, mowerJob());
      const notice = await screen.findByRole('region', { name: "You can't take this job" });
      expect(notice).toHaveTextContent(MOWER_REFUSAL.message);
      expect(notice).toHaveTextContent('Jobs that need only hand tools are open to you.');
      const rules = within(notice).getByRole('list', { name: 'The rules that apply' });
      expect(within(rules).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Teens under 16 may not use power-driven equipment such as lawn mowers.Source: 29 CFR 570.33',
        'In Massachusetts, teens under 16 may not operate or work near power-driven machinery in motion.Source: M.G.L. c. 149, § 61',
      ]);
      expect(within(notice).getByRole('link', { name: 'Find Jobs Open to You' })).toHaveAttribute('href', '/job-explorer');
      expect(screen.queryByRole('button', { name: 'Lock the Job' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Locking gives you 15 minutes/)).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: "You can't lock this job right now" })).not.toBeInTheDocument();
      expect(screen.getByText('Ages 16+')).toBeInTheDocument();
    });

    it('offers the lock when the rules let the teen take the job', async () => {
      await renderDetails(TEEN, mowerJob(['lock']));
      expect(await screen.findByRole('button', { name: 'Lock the Job' })).toBeEnabled();
      expect(screen.queryByRole('region', { name: "You can't take this job" })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([url]) => url === `${JOB_URL}/eligibility`)).toHaveLength(1);
    });

    it("shows no lock, even one the server offers, to a teen whose hours today leave no room for the job", async () => {
      eligibility = {
        allowed: false,
        minimumAge: 14,
        message: 'Teens under 16 may work at most 3 hours on a school day (federal child labor rule, 29 CFR 570.35(a)(5)).',
        rules: [{ id: 'us-under-16-school-day', citation: '29 CFR 570.35(a)(5)', text: 'Teens under 16 may work at most 3 hours on a school day.' }],
        alternative: 'You have 0.5 hours left today; this job takes 1.5 hours.',
      };
      await renderDetails(TEEN, openJob(['lock']));
      const notice = await screen.findByRole('region', { name: "You can't take this job" });
      expect(notice).toHaveTextContent('You have 0.5 hours left today; this job takes 1.5 hours.');
      expect(screen.queryByRole('button', { name: 'Lock the Job' })).not.toBeInTheDocument();
    });

    it('shows no age badge on a job every teen may take', async () => {
      await renderDetails(HOMEOWNER, openJob([]));
      expect(screen.queryByText(/^Ages \d+\+$/)).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([url]) => url === `${JOB_URL}/eligibility`)).toEqual([]);
    });

    it('says why, with the rules and what is open instead, when the start itself is refused', async () => {
      const refusal = {
        message: 'Teens under 16 may work at most 3 hours on a school day (federal child labor rule, 29 CFR 570.35(a)(5)).',
        code: 'AGE_RULE',
        rules: [{ id: 'us-under-16-school-day', citation: '29 CFR 570.35(a)(5)', text: 'Teens under 16 may work at most 3 hours on a school day.' }],
        alternative: 'You have 0.5 hours left today; this job takes 1.5 hours.',
      };
      answerStart = () => json(403, refusal);
      await renderDetails(TEEN, makeJob({ status: 'accepted', teenId: TEEN.id, actions: ['start', 'withdraw'] }));
      await userEvent.setup().click(screen.getByRole('button', { name: 'Start Job' }));
      const notice = await screen.findByRole('region', { name: "You can't start this job now" });
      expect(notice).toHaveTextContent(refusal.message);
      expect(notice).toHaveTextContent(refusal.alternative);
      expect(within(notice).getByRole('list', { name: 'The rules that apply' })).toHaveTextContent('29 CFR 570.35(a)(5)');
      expect(await screen.findByText('Failed to Start Job')).toBeInTheDocument();
      expect(screen.getByText(`${refusal.message} ${refusal.alternative}`)).toBeInTheDocument();
    });
  });
});
