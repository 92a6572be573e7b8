import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminChallenge } from '../../contract/progress';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import AdminChallengesPage from './admin-challenges-page';

const ADMIN = { ...TEEN, id: '77777777-7777-4777-8777-777777777777', role: 'admin' as const };
const challenge = (id: string, overrides: Partial<AdminChallenge> = {}): AdminChallenge => ({
  id,
  title: 'Fall Leaf Rush',
  description: 'Get paid for 3 leaf raking jobs this fall.',
  season: 'fall',
  startDate: '2026-09-01',
  endDate: '2026-11-30',
  isActive: true,
  state: 'active',
  maxParticipants: 500,
  requirements: { jobsCount: 3, categories: ['leaf_raking', 'seasonal'] },
  rewards: { points: 150, title: 'Leaf Legend' },
  participants: 12,
  completions: 2,
  createdAt: '2026-09-01T12:00:00.000Z',
  ...overrides,
});
const RUSH = '11111111-1111-4111-8111-111111111111';
const SNOW = '22222222-2222-4222-8222-222222222222';
let challenges: AdminChallenge[];
const fetchMock = vi.fn<typeof fetch>();
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET').map(([url, init]) => [init?.method, String(url), JSON.parse(String(init?.body)) as unknown]);
const refusal = (field: string, message: string) => json(400, { message: `${field}: ${message}`, code: 'VALIDATION_FAILED', fields: { [field]: message } });

beforeEach(() => {
  challenges = [
    challenge(SNOW, { title: 'Snow Squad', season: 'winter', startDate: '2026-12-01', endDate: '2027-02-28', state: 'upcoming', maxParticipants: null, participants: 0, completions: 0 }),
    challenge(RUSH),
    challenge('33333333-3333-4333-8333-333333333333', { title: 'Summer Lawn Pro', season: 'summer', startDate: '2026-06-01', endDate: '2026-08-31', state: 'ended' }),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/me') return json(200, ADMIN);
    if (url === '/api/admin/seasonal-challenges') return json(200, { challenges });
    if (url === '/api/seasonal-challenges' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { title: string; endDate: string };
      if (body.endDate < '2026-11-26') return refusal('endDate', 'The end date has passed');
      const created = challenge('44444444-4444-4444-8444-444444444444', { ...body, state: 'upcoming', participants: 0, completions: 0 } as Partial<AdminChallenge>);
      challenges = [created, ...challenges];
      return json(201, { ...created, joined: false });
    }
    if (url === `/api/seasonal-challenges/${RUSH}` && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as AdminChallenge;
      if (body.maxParticipants !== null && body.maxParticipants < 12) return refusal('maxParticipants', '12 teens have joined: maxParticipants cannot be below that');
      challenges = challenges.map((c) => (c.id === RUSH ? { ...c, ...body } : c));
      return json(200, challenges.find((c) => c.id === RUSH));
    }
    return json(500, { message: `unexpected ${init?.method ?? 'GET'} ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderSignedIn(
    <MemoryRouter>
      <AdminChallengesPage />
    </MemoryRouter>,
    ADMIN,
  );
}

async function typeInto(field: HTMLElement, text: string) {
  const person = userEvent.setup();
  await person.clear(field);
  await person.type(field, text);
}

describe('AdminChallengesPage', () => {
  it('lists every challenge with its state, dates, participants of the limit, requirements and rewards', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Seasonal challenges' });
    const [snow, rush, lawn] = within(list).getAllByRole('listitem');
    expect(snow).toHaveTextContent('Snow Squad');
    expect(snow).toHaveTextContent('Upcoming');
    expect(snow).toHaveTextContent('Dec 1, 2026 to Feb 28, 2027');
    expect(snow).toHaveTextContent('0 joined (no limit) · 0 completed');
    expect(rush).toHaveTextContent('Active');
    expect(rush).toHaveTextContent('Fall');
    expect(rush).toHaveTextContent('12 joined (of 500) · 2 completed');
    expect(rush).toHaveTextContent('3 paid jobs in Leaf Raking, Seasonal');
    expect(rush).toHaveTextContent('150 points and the title Leaf Legend');
    expect(lawn).toHaveTextContent('Ended');
  });

  it("checks a new challenge with the server's schema, shows the server's refusal on its field, and adds it", async () => {
    renderPage();
    const person = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a challenge' });
    const field = (label: string) => within(form).getByLabelText(label);
    await typeInto(field('Title'), 'Winter Warmup');
    await typeInto(field('Description'), 'Two snow jobs before New Year.');
    await person.selectOptions(field('Season'), 'winter');
    await typeInto(field('Start date'), '2026-12-01');
    await typeInto(field('End date'), '2026-11-20');
    await typeInto(field('Max participants'), '0');
    await typeInto(field('Paid jobs to complete it'), '2');
    await typeInto(field('Reward points'), '80');
    await typeInto(field('Reward title'), 'Warm Hands');
    await person.click(within(form).getByRole('button', { name: 'Add Challenge' }));
    expect(field('End date')).toHaveAccessibleDescription('The end date must be on or after the start date');
    expect(field('Max participants')).toHaveAccessibleDescription(/maxParticipants must be at least 1/);
    expect(within(form).getByRole('group', { name: 'Job categories that count' })).toHaveTextContent('Choose at least one category');
    expect(writes()).toEqual([]);

    await typeInto(field('Start date'), '2026-11-01');
    await person.clear(field('Max participants'));
    await person.click(within(form).getByRole('checkbox', { name: 'Snow Shoveling' }));
    await person.click(within(form).getByRole('button', { name: 'Add Challenge' }));
    expect(await screen.findByText('Failed to add the challenge')).toBeInTheDocument();
    expect(field('End date')).toHaveAccessibleDescription('The end date has passed');

    await typeInto(field('End date'), '2026-12-31');
    await person.click(within(form).getByRole('button', { name: 'Add Challenge' }));
    expect(await screen.findByText('Challenge added')).toBeInTheDocument();
    expect(writes().at(-1)).toEqual([
      'POST',
      '/api/seasonal-challenges',
      {
        title: 'Winter Warmup',
        description: 'Two snow jobs before New Year.',
        season: 'winter',
        startDate: '2026-11-01',
        endDate: '2026-12-31',
        maxParticipants: null,
        requirements: { jobsCount: 2, categories: ['snow_shoveling'] },
        rewards: { points: 80, title: 'Warm Hands' },
      },
    ]);
    expect(await within(screen.getByRole('list', { name: 'Seasonal challenges' })).findByText('Winter Warmup')).toBeInTheDocument();
  });

  it("edits a challenge's limit, shows a limit below the teens who joined refused on its field, and saves", async () => {
    renderPage();
    const person = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Seasonal challenges' });
    const rush = within(list).getAllByRole('listitem')[1]!;
    const open = within(rush).getByRole('button', { name: 'Edit Fall Leaf Rush' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await person.click(open);
    const form = within(rush).getByRole('form', { name: 'Edit Fall Leaf Rush' });
    const max = within(form).getByLabelText('Max participants');
    expect(max).toHaveValue('500');
    expect(within(form).getByRole('checkbox', { name: 'Leaf Raking' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Open to teens' })).toBeChecked();
    await typeInto(max, '10');
    await person.click(within(form).getByRole('button', { name: 'Save Challenge' }));
    expect(await screen.findByText('Failed to save the challenge')).toBeInTheDocument();
    expect(max).toHaveAccessibleDescription('12 joined; blank for no limit. Teens who completed it keep their reward. 12 teens have joined: maxParticipants cannot be below that');
    await typeInto(max, '40');
    await person.click(within(form).getByRole('button', { name: 'Save Challenge' }));
    expect(await screen.findByText('Challenge saved')).toBeInTheDocument();
    expect(writes().at(-1)).toEqual([
      'PATCH',
      `/api/seasonal-challenges/${RUSH}`,
      {
        title: 'Fall Leaf Rush',
        description: 'Get paid for 3 leaf raking jobs this fall.',
        season: 'fall',
        startDate: '2026-09-01',
        endDate: '2026-11-30',
        maxParticipants: 40,
        requirements: { jobsCount: 3, categories: ['leaf_raking', 'seasonal'] },
        rewards: { points: 150, title: 'Leaf Legend' },
        isActive: true,
      },
    ]);
    expect(await within(rush).findByText('12 joined (of 40) · 2 completed')).toBeInTheDocument();
    expect(within(rush).queryByRole('form')).not.toBeInTheDocument();
  });
});
