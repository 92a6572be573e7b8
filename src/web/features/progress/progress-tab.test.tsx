import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Achievement, ChallengeProgress, Leaderboard, SeasonalChallenge, UserStats } from '../../../contract/progress';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import ProgressTab from './progress-tab';
import { makeStats } from './test-fixtures';

const CHALLENGE_ID = (n: number) => `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`;

function makeChallenge(n: number, overrides: Partial<SeasonalChallenge> = {}): SeasonalChallenge {
  return {
    id: CHALLENGE_ID(n),
    title: `Challenge ${n}`,
    description: 'Rake the season away.',
    season: 'fall',
    endDate: '2026-11-30',
    isActive: true,
    maxParticipants: 50,
    requirements: { jobsCount: 3, categories: ['lawn_care', 'leaf_raking'] },
    rewards: { points: 150, title: 'Leaf Legend' },
    participants: 12,
    joined: false,
    ...overrides,
  };
}

describe('Progress tab', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stats: UserStats;
  let earned: Achievement[];
  let challenges: SeasonalChallenge[];
  let progress: ChallengeProgress[];
  let board: Leaderboard;
  let optedIn: boolean;
  /** What POST join answers. */
  let onJoin: (id: string) => Response;

  beforeEach(() => {
    stats = makeStats();
    earned = [];
    challenges = [];
    progress = [];
    optedIn = false;
    board = { optedIn: false, season: 'fall', seasonStartDate: '2026-09-01', seasonEndDate: '2026-11-30', entries: [] };
    onJoin = (id) => {
      challenges = challenges.map((c) => (c.id === id ? { ...c, joined: true, participants: c.participants + 1 } : c));
      progress = [...progress, { challengeId: id, isCompleted: false, progress: { jobsCompleted: 0 }, joinedAt: '2026-11-25T10:00:00.000Z', completedAt: null }];
      return json(200, challenges.find((c) => c.id === id));
    };
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === `/api/user-stats/${TEEN.id}`) return json(200, stats);
      if (url === `/api/achievements/${TEEN.id}`) return json(200, earned);
      if (url === '/api/seasonal-challenges') return json(200, challenges);
      if (url === `/api/challenge-progress/${TEEN.id}`) return json(200, progress);
      if (url === '/api/leaderboard') return json(200, board);
      if (url === `/api/users/${TEEN.id}/privacy` && method === 'GET') return json(200, { leaderboardOptIn: optedIn });
      if (url === `/api/users/${TEEN.id}/privacy` && method === 'PATCH') {
        optedIn = (JSON.parse(String(init!.body)) as { leaderboardOptIn: boolean }).leaderboardOptIn;
        board = { ...board, optedIn, entries: optedIn ? [{ rank: 1, name: 'Maya L.', level: 2, seasonExperiencePoints: 158, isYou: true }] : [] };
        return json(200, { leaderboardOptIn: optedIn });
      }
      const join = /^\/api\/seasonal-challenges\/([^/]+)\/join$/.exec(url);
      if (join && method === 'POST') return onJoin(join[1]!);
      return json(500, { message: `unexpected ${method} ${url}` });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderTab = () => renderSignedIn(<MemoryRouter>{<ProgressTab teenId={TEEN.id} />}</MemoryRouter>, TEEN);
  const openInner = async (name: string) => {
    await userEvent.click(screen.getByRole('tab', { name }));
    return screen.getByRole('tabpanel', { name });
  };

  it.each([
    [1, 'grey'],
    [2, 'grey'],
    [3, 'green'],
    [4, 'green'],
    [5, 'blue'],
    [7, 'blue'],
    [8, 'purple'],
    [11, 'purple'],
  ])('shows level %i in %s (spec 9)', async (level, colour) => {
    stats = makeStats({ level });
    renderTab();
    const badge = await screen.findByText(`Level ${level}`);
    expect(badge).toHaveAttribute('data-colour', colour);
  });

  it('shows the XP and a bar from the level’s threshold to the next', async () => {
    renderTab();
    expect(await screen.findByText('158 XP')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'XP towards level 3' });
    // 158 XP at level 2 (100-300): 58 of the 200 between them.
    expect(bar).toHaveAttribute('aria-valuenow', '58');
    expect(bar).toHaveAttribute('aria-valuemax', '200');
    expect(bar).toHaveAttribute('aria-valuetext', '158 of 300 XP');
    expect(screen.getByText('142 XP to Level 3 (at 300 XP)')).toBeInTheDocument();
  });

  it('says Top level reached with no bar at level 11', async () => {
    stats = makeStats({ level: 11, experiencePoints: 8000, levelStartsAt: 7500, nextLevelAt: null });
    renderTab();
    expect(await screen.findByText('Top level reached.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says No achievements yet, then No active challenges, when there are none', async () => {
    renderTab();
    expect(await screen.findByText('No achievements yet')).toBeInTheDocument();
    const challengesPanel = await openInner('Challenges');
    expect(await within(challengesPanel).findByText('No active challenges')).toBeInTheDocument();
  });

  it('lists achievements with title, description, rarity, points and date, in a 400 px scroll area', async () => {
    earned = [
      { id: 'five_jobs', type: 'jobs_completed', title: 'On a Roll', description: 'Get paid for 5 jobs.', rarity: 'rare', points: 50, earnedAt: '2026-11-20T15:00:00.000Z' },
      { id: 'first_paid_job', type: 'milestone', title: 'First Paycheck', description: 'Get paid for your first job.', rarity: 'common', points: 10, earnedAt: '2026-11-02T15:00:00.000Z' },
    ];
    renderTab();
    const list = await screen.findByRole('list', { name: 'Your achievements' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['On a Roll', 'First Paycheck']);
    expect(cards[0]).toHaveTextContent('Get paid for 5 jobs.');
    expect(cards[0]).toHaveTextContent('Rare');
    expect(cards[0]).toHaveTextContent('+50 points');
    expect(cards[0]).toHaveTextContent('Earned Nov 20, 2026');
    const area = screen.getByRole('region', { name: 'Achievements' });
    expect(area).toHaveClass('max-h-[400px]', 'overflow-y-auto');
    expect(area).toHaveAttribute('tabindex', '0');
  });

  it('shows a challenge’s requirements, rewards and participants; Join adds the teen and shows their progress', async () => {
    challenges = [makeChallenge(1)];
    renderTab();
    const panel = await openInner('Challenges');
    const card = await within(panel).findByRole('article', { name: 'Challenge 1' });
    expect(card).toHaveTextContent('3 paid jobs in Lawn Care, Leaf Raking');
    expect(card).toHaveTextContent('150 points and the title Leaf Legend');
    expect(card).toHaveTextContent('12 of 50 joined');
    expect(screen.getByRole('region', { name: 'Challenges' })).toHaveClass('max-h-[400px]');
    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge 1' }));
    await waitFor(() => expect(within(card).queryByRole('button', { name: /Join/ })).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(`/api/seasonal-challenges/${CHALLENGE_ID(1)}/join`, expect.objectContaining({ method: 'POST' }));
    expect(await within(card).findByRole('progressbar', { name: 'Progress in Challenge 1' })).toHaveAttribute('aria-valuetext', '0 of 3 jobs');
    expect(card).toHaveTextContent('13 of 50 joined');
  });

  it('says the challenges could not load when the teen’s progress in them cannot be read, and shows them on Try Again', async () => {
    challenges = [makeChallenge(1)];
    let progressUp = false;
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === `/api/challenge-progress/${TEEN.id}` && !progressUp ? json(500, { message: 'down' }) : answer(input, init),
    );
    renderTab();
    const panel = await openInner('Challenges');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Could not load the challenges.');
    expect(within(panel).queryByRole('article')).toBeNull();
    progressUp = true;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(await within(panel).findByRole('article', { name: 'Challenge 1' })).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('shows the server’s message when the challenge is full', async () => {
    challenges = [makeChallenge(1, { participants: 50 })];
    onJoin = () => json(409, { code: 'CONFLICT', message: 'This challenge is full.' });
    renderTab();
    const panel = await openInner('Challenges');
    const card = await within(panel).findByRole('article', { name: 'Challenge 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Join Challenge 1' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This challenge is full.');
  });

  it('highlights a completed challenge with its badge and points, and marks a past one not completed as expired', async () => {
    challenges = [makeChallenge(1, { joined: true }), makeChallenge(2, { isActive: false, joined: true }), makeChallenge(3, { isActive: false })];
    progress = [
      { challengeId: CHALLENGE_ID(1), isCompleted: true, progress: { jobsCompleted: 3 }, joinedAt: '2026-11-01T10:00:00.000Z', completedAt: '2026-11-20T10:00:00.000Z' },
      { challengeId: CHALLENGE_ID(2), isCompleted: false, progress: { jobsCompleted: 1 }, joinedAt: '2026-09-01T10:00:00.000Z', completedAt: null },
    ];
    renderTab();
    const panel = await openInner('Challenges');
    const done = await within(panel).findByRole('article', { name: 'Challenge 1' });
    expect(done).toHaveAttribute('data-state', 'completed');
    expect(done).toHaveClass('ring-2');
    expect(done).toHaveTextContent('Completed');
    expect(done).toHaveTextContent('Earned Leaf Legend and 150 points on Nov 20, 2026');
    for (const n of [2, 3]) {
      const past = within(panel).getByRole('article', { name: `Challenge ${n}` });
      expect(past).toHaveAttribute('data-state', 'expired');
      expect(past).toHaveTextContent('Expired');
      expect(within(past).queryByRole('button')).not.toBeInTheDocument();
      expect(within(past).queryByRole('progressbar')).not.toBeInTheDocument();
    }
    // The completed one is still running: the list is not empty of active challenges.
    expect(within(panel).queryByText('No active challenges')).not.toBeInTheDocument();
  });

  it('tells a teen who has not joined the leaderboard how to, and shows the board once they turn it on', async () => {
    renderTab();
    const panel = await openInner('Leaderboard');
    expect(await within(panel).findByRole('heading', { name: 'Join the leaderboard' })).toBeInTheDocument();
    expect(within(panel).queryByText('Coming Soon')).not.toBeInTheDocument();
    const toggle = await within(panel).findByRole('switch', { name: 'Show me on the leaderboard' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    const list = await within(panel).findByRole('list', { name: 'Leaderboard, fall' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('#1Maya L. (you)Level 2158 XP');
    expect(fetchMock).toHaveBeenCalledWith(`/api/users/${TEEN.id}/privacy`, expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ leaderboardOptIn: true }) }));
    expect(within(panel).getByRole('switch', { name: 'Show me on the leaderboard' })).toBeChecked();
  });
});
