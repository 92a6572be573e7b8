import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review, UserStats } from '../../contract/progress';
import { HOMEOWNER, json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import { makeStats } from '../features/progress/test-fixtures';
import ProfilePage from './profile-page';

const review = (n: number, overrides: Partial<Review> = {}): Review => ({
  id: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
  jobId: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
  rating: 5,
  comment: `Comment ${n}`,
  reviewerRole: 'homeowner',
  reviewerName: `Rosa ${n}.`,
  createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T15:00:00.000Z`,
  publishedAt: `2026-11-${String(10 + n).padStart(2, '0')}T16:00:00.000Z`,
  ...overrides,
});

const BADGES: UserStats['badges'] = [
  { id: 'five_star_club', title: '5-Star Club', description: 'An average rating of 4.8 or more', earned: true },
  { id: 'early_riser', title: 'Early Riser', description: 'Started a job before 8 AM', earned: false },
  { id: 'top_earner', title: 'Top Earner', description: 'Earned more than $500', earned: false },
  { id: 'reliable', title: 'Reliable', description: 'More than 10 paid jobs', earned: true },
];

/** The Profile screen at /profile, signed in as `user`. */
const renderProfile = (user = TEEN) =>
  renderSignedIn(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
    user,
  );

describe('Profile', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stats: UserStats;
  let received: Review[];

  beforeEach(() => {
    stats = makeStats({ levelTitle: 'Worker', totalJobs: 12, totalEarnings: '312.50', averageRating: 4.86, reviewCount: 7, currentStreak: 3, badges: BADGES });
    received = [];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === `/api/user-stats/${TEEN.id}`) return json(200, stats);
      if (url === `/api/reviews/user/${TEEN.id}`) return json(200, received);
      if (url === `/api/users/${TEEN.id}/privacy` && (init?.method ?? 'GET') === 'GET') return json(200, { leaderboardOptIn: false });
      if (url === `/api/users/${TEEN.id}/privacy`) return json(200, JSON.parse(String(init!.body)));
      return json(500, { message: `unexpected ${url}` });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());


  it('shows the teen’s level title, the four badges earned or not, and the stat cards', async () => {
    renderProfile();
    expect(await screen.findByText('Worker')).toBeInTheDocument();
    expect(screen.getByText('Level 2')).toHaveAttribute('data-colour', 'grey');
    const badges = within(screen.getByRole('list', { name: 'Achievement badges' })).getAllByRole('listitem');
    expect(badges.map((b) => [b.querySelector('p')!.textContent, b.getAttribute('data-earned')])).toEqual([
      ['5-Star Club', 'true'],
      ['Early Riser', 'false'],
      ['Top Earner', 'false'],
      ['Reliable', 'true'],
    ]);
    expect(badges[0]).toHaveTextContent('Earned');
    expect(badges[1]).toHaveTextContent('Not yet');
    const counters = screen.getAllByRole('definition').map((figure) => `${figure.previousSibling?.textContent ?? figure.nextSibling?.textContent}: ${figure.textContent}`);
    expect(counters).toEqual(['Jobs Completed: 12', 'Total Earned: $312.50', 'Rating: 4.9 (7)', 'Streak: 3 weeks']);
  });

  it('says No rating yet, not a figure, while the teen has no reviews', async () => {
    stats = makeStats({ averageRating: null, reviewCount: 0 });
    renderProfile();
    expect(await screen.findByText('No rating yet')).toBeInTheDocument();
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
  });

  it('shows the 3 latest reviews with their stars, reviewer and comment as plain text', async () => {
    received = [review(4, { comment: '<b>Great</b> job', rating: 4 }), review(3), review(2), review(1)];
    renderProfile();
    const list = await screen.findByRole('list', { name: 'Recent reviews' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveAccessibleName('Review by Rosa 4.');
    expect(within(cards[0]!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('<b>Great</b> job');
    expect(cards[0]!.querySelector('b')).toBeNull();
    expect(list).not.toHaveTextContent('Comment 1');
  });

  it('links Payment Settings to /wallet and Help & Support to /help, and opens the leaderboard choice under Safety & Privacy', async () => {
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Payment Settings' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/help');
    const privacy = screen.getByRole('button', { name: 'Safety & Privacy' });
    expect(privacy).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(privacy);
    expect(privacy).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Privacy settings' });
    const toggle = await within(region).findByRole('switch', { name: 'Show me on the leaderboard' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(fetchMock).toHaveBeenCalledWith(`/api/users/${TEEN.id}/privacy`, expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ leaderboardOptIn: true }) }));
  });

  it('shows a homeowner no progress and no privacy choice, and asks for no teen’s figures', async () => {
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/auth/me' ? json(200, HOMEOWNER) : json(500, { message: 'unexpected' })));
    renderProfile(HOMEOWNER);
    expect(await screen.findByRole('link', { name: 'Payment Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Achievement Badges' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Safety & Privacy' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/auth/me')).toEqual([]);
  });
});

describe('Edit Profile', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let patchAnswer: () => Response;

  beforeEach(() => {
    patchAnswer = () => json(500, { message: 'not set' });
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === `/api/user-stats/${TEEN.id}`) return json(200, makeStats());
      if (url === `/api/reviews/user/${TEEN.id}`) return json(200, []);
      if (url === `/api/users/${TEEN.id}` && init?.method === 'PATCH') return patchAnswer();
      return json(500, { message: `unexpected ${url}` });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const patches = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === `/api/users/${TEEN.id}` && init?.method === 'PATCH');
  const statsReads = () => fetchMock.mock.calls.filter(([url]) => String(url) === `/api/user-stats/${TEEN.id}`).length;
  const openForm = async () => {
    const button = await screen.findByRole('button', { name: 'Edit Profile' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    return screen.getByRole('form', { name: 'Edit profile' });
  };

  it('opens with the current name and ZIP code, saves them, and the page and the stored session show the new ones', async () => {
    patchAnswer = () => json(200, { ...TEEN, fullName: 'Maya Torres', zipCode: '02141', base: null });
    renderProfile();
    expect(await screen.findByText('ZIP code 02139')).toBeInTheDocument();
    await waitFor(() => expect(statsReads()).toBe(1));
    const form = await openForm();
    const name = within(form).getByLabelText('Full Name');
    const zip = within(form).getByLabelText('ZIP Code');
    expect(name).toHaveValue('Maya Lopez');
    expect(zip).toHaveValue('02139');
    await userEvent.clear(name);
    await userEvent.type(name, 'Maya Torres');
    await userEvent.clear(zip);
    await userEvent.type(zip, '02141');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Maya Torres' })).toBeInTheDocument();
    expect(screen.getByText('ZIP code 02141')).toBeInTheDocument();
    expect(screen.getByText('MT')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(patches().map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ fullName: 'Maya Torres', zipCode: '02141' }]);
    // The session every screen reads the name from, and the screens that follow the ZIP code, are fresh.
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ fullName: 'Maya Torres', zipCode: '02141' });
    await waitFor(() => expect(statsReads()).toBe(2));

    // Opened again, it holds the saved values.
    const again = await openForm();
    expect(within(again).getByLabelText('Full Name')).toHaveValue('Maya Torres');
    expect(within(again).getByLabelText('ZIP Code')).toHaveValue('02141');
  });

  it("shows the server's message and names the field when the ZIP code is outside the area, and keeps the form open", async () => {
    const message = 'Yardly is not available in 90210 yet. We currently serve ZIP codes 02138, 02139.';
    patchAnswer = () => json(400, { message, code: 'ZIP_NOT_SERVED', fields: { zipCode: 'This ZIP code is outside our service area' } });
    renderProfile();
    const form = await openForm();
    const zip = within(form).getByLabelText('ZIP Code');
    await userEvent.clear(zip);
    await userEvent.type(zip, '90210');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('This ZIP code is outside our service area'));
    expect(screen.getByRole('heading', { name: 'Maya Lopez' })).toBeInTheDocument();
    expect(screen.getByText('ZIP code 02139')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ fullName: 'Maya Lopez', zipCode: '02139' });
  });

  it("checks the fields by sign-up's rules before sending anything", async () => {
    renderProfile();
    const form = await openForm();
    await userEvent.clear(within(form).getByLabelText('Full Name'));
    await userEvent.clear(within(form).getByLabelText('ZIP Code'));
    await userEvent.type(within(form).getByLabelText('ZIP Code'), '021');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please enter your full name')).toBeInTheDocument();
    expect(within(form).getByText('ZIP code must be 5 digits')).toBeInTheDocument();
    expect(patches()).toEqual([]);
  });

  it('Cancel closes the form without saving', async () => {
    renderProfile();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Full Name'), ' Jr');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(within(await openForm()).getByLabelText('Full Name')).toHaveValue('Maya Lopez');
    expect(patches()).toEqual([]);
  });

  it('asks a coordinator for the name only: their ZIP codes are set by an admin', async () => {
    const coordinator = { ...TEEN, role: 'coordinator' as const };
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/auth/me' ? json(200, coordinator) : json(500, { message: 'unexpected' })));
    renderProfile(coordinator);
    const form = await openForm();
    expect(within(form).getByLabelText('Full Name')).toHaveValue('Maya Lopez');
    expect(within(form).queryByLabelText('ZIP Code')).not.toBeInTheDocument();
    expect(screen.queryByText('ZIP code 02139')).not.toBeInTheDocument();
  });
});
