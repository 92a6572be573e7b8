import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRecommendations, UserPreferences } from '../../../contract/preferences';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { LiveEvents } from '../notifications/live-events';
import { PREFERENCES_SAVED } from '../preferences/preferences-form';
import { AiJobsTab, RECOMMENDATIONS_FALLBACK } from './ai-jobs-tab';
import { makeRecommendation, preferencesWith, recommendationsOf } from './test-fixtures';

const PREFERENCES_URL = `/api/users/${TEEN.id}/preferences`;
const RECOMMENDATIONS_URL = `/api/teens/${TEEN.id}/job-recommendations?limit=3`;

describe('AI Jobs tab', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let preferences: UserPreferences;
  /** What GET recommendations answers; null answers 500. */
  let recommendations: JobRecommendations | null;
  /** What a POST of the preferences does besides saving them: the server's list after the change. */
  let onSave: (saved: UserPreferences) => Response;

  beforeEach(() => {
    preferences = preferencesWith();
    recommendations = recommendationsOf([1, 2, 3, 4].map((n) => makeRecommendation(n)));
    onSave = (saved) => {
      preferences = saved;
      return json(200, saved);
    };
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === PREFERENCES_URL && (init?.method ?? 'GET') === 'GET') return json(200, preferences);
      if (url === PREFERENCES_URL && init?.method === 'POST') return onSave(JSON.parse(String(init.body)) as UserPreferences);
      if (url === RECOMMENDATIONS_URL) return recommendations ? json(200, recommendations) : json(500, { message: 'Something went wrong' });
      return json(500, { message: `unexpected ${url}` });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderTab = () => renderSignedIn(<MemoryRouter>{<AiJobsTab teenId={TEEN.id} />}</MemoryRouter>, TEEN);
  const list = () => screen.findByRole('list', { name: 'Recommended jobs' });
  const recommendationCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === RECOMMENDATIONS_URL).length;

  it("shows at most 3 recommendations, each with its pay, duration, distance, match and two reasons, opening the job's details", async () => {
    renderTab();
    const cards = within(await list()).getAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'Recommended job 1' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Recommended job 1' })).toHaveAttribute('href', `/job/${makeRecommendation(1).id}`);
    expect(first).toHaveTextContent('Pay: $43');
    expect(first).toHaveTextContent('Duration: 1h 30m');
    expect(first).toHaveTextContent('Distance: 1.2 mi');
    expect(first).toHaveTextContent('89% match');
    const reasons = within(first).getByRole('list', { name: 'Why it was picked' });
    expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['•You picked Lawn Care.', '•It is 1.2 miles from home.']);
    expect(first).toHaveTextContent('Safety notes: Wear gloves.');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/job-explorer');
    expect(screen.getByRole('button', { name: 'Preferences' })).toBeInTheDocument();
  });

  it('leaves the safety notes off the cards when the teen turned safety warnings off', async () => {
    preferences = preferencesWith({ showSafetyWarnings: false });
    renderTab();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(PREFERENCES_URL, expect.anything()));
    const first = within(await list()).getAllByRole('article')[0]!;
    await waitFor(() => expect(first).not.toHaveTextContent('Safety notes'));
  });

  it('says No Recommendations Yet with the one line naming the preference that keeps most jobs out', async () => {
    recommendations = recommendationsOf([], { excludedMost: { preference: 'maxDistance', jobs: 4, text: '4 open jobs are farther than your 5-mile limit.' } });
    renderTab();
    const heading = await screen.findByRole('heading', { name: 'No Recommendations Yet' });
    expect(heading.parentElement).toHaveTextContent('4 open jobs are farther than your 5-mile limit.');
    expect(screen.getByRole('button', { name: 'Preferences' })).toBeInTheDocument();
    expect(screen.queryByText(RECOMMENDATIONS_FALLBACK)).not.toBeInTheDocument();
  });

  it.each([
    ['the call fails', () => (recommendations = null)],
    ['matching is off', () => (recommendations = recommendationsOf([], { matchingEnabled: false }))],
  ])('shows the spec’s fallback with Set Preferences and Browse Jobs when %s', async (_when, arrange) => {
    arrange();
    renderTab();
    expect(await screen.findByText(RECOMMENDATIONS_FALLBACK)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/job-explorer');
    expect(screen.queryByRole('heading', { name: 'No Recommendations Yet' })).not.toBeInTheDocument();
    // Spec 7: no retry, the fallback shows at once.
    expect(recommendationCalls()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Set Preferences' }));
    expect(await screen.findByRole('form', { name: 'Preferences' })).toBeInTheDocument();
  });

  it('swaps in the preferences form and back, taking the focus to each view’s heading', async () => {
    renderTab();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    expect(await screen.findByRole('form', { name: 'Preferences' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Preferences' })).toHaveFocus();
    expect(screen.queryByRole('list', { name: 'Recommended jobs' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Jobs' }));
    expect(screen.getByRole('heading', { name: 'Recommended for You' })).toHaveFocus();
    expect(await list()).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Preferences' })).not.toBeInTheDocument();
  });

  it('saves the whole object, says so, and returns to recommendations that are already the new ones', async () => {
    onSave = (saved) => {
      preferences = saved;
      recommendations = recommendationsOf([makeRecommendation(7, { title: 'Clean out the garage', category: 'cleaning', matchScore: 95 })]);
      return json(200, saved);
    };
    renderTab();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    const form = await screen.findByRole('form', { name: 'Preferences' });
    fireEvent.change(within(form).getByRole('slider', { name: 'Maximum distance' }), { target: { value: '8' } });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Cleaning' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save Preferences' }));

    expect(await screen.findByText(PREFERENCES_SAVED)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => String(url) === PREFERENCES_URL && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual(preferencesWith({ maxDistance: 8, preferredCategories: ['lawn_care', 'cleaning'] }));
    // Back on the recommendations, with the new list at once: no loading in between.
    await screen.findByRole('heading', { name: 'Recommended for You' });
    expect(screen.queryByText('Loading recommendations...')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Recommended jobs' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Clean out the garage']);
    expect(recommendationCalls()).toBe(2);
  });

  it("shows the server's refusal on its field and stays on the form", async () => {
    onSave = () => json(400, { message: 'Maximum distance must be at most 15 miles', code: 'VALIDATION_FAILED', fields: { maxDistance: 'Maximum distance must be at most 15 miles' } });
    renderTab();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    const form = await screen.findByRole('form', { name: 'Preferences' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save Preferences' }));
    const slider = within(form).getByRole('slider', { name: 'Maximum distance' });
    await waitFor(() => expect(slider).toHaveAttribute('aria-invalid', 'true'));
    expect(slider).toHaveAccessibleDescription('Maximum distance must be at most 15 miles');
    expect(slider).toHaveFocus();
    expect(await screen.findByText('Could not save your preferences')).toBeInTheDocument();
    expect(screen.queryByText(PREFERENCES_SAVED)).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Preferences' })).toBeInTheDocument();
  });
});

describe('AI Jobs tab, live', () => {
  /** A stand-in for the browser's EventSource: the test sends the server's signals. */
  class FakeEventSource {
    static CLOSED = 2;
    static last: FakeEventSource | null = null;
    readonly listeners = new Map<string, (() => void)[]>();
    readyState = 1;
    onerror: (() => void) | null = null;
    constructor(readonly url: string) {
      FakeEventSource.last = this;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener();
    }
    close() {}
  }

  afterEach(() => vi.unstubAllGlobals());

  /** The tab beside the live stream, its recommendations answered by `answer` at each read. */
  function renderLive(answer: () => Promise<Response>) {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url === '/api/auth/me') return json(200, TEEN);
        if (url === PREFERENCES_URL) return json(200, preferencesWith());
        if (url === RECOMMENDATIONS_URL) return answer();
        return json(500, { message: `unexpected ${url}` });
      }),
    );
    renderSignedIn(
      <MemoryRouter>
        <LiveEvents />
        <AiJobsTab teenId={TEEN.id} />
      </MemoryRouter>,
      TEEN,
    );
  }
  const titles = async () => within(await screen.findByRole('list', { name: 'Recommended jobs' })).getAllByRole('heading').map((h) => h.textContent);
  const signalJobChange = async () => {
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    FakeEventSource.last!.emit('job');
  };

  it('keeps the fallback, not the loading line, while a failed read is tried again by a live job signal, and shows the list when it answers', async () => {
    let answer: () => Promise<Response> = async () => json(500, { message: 'Something went wrong' });
    renderLive(() => answer());
    expect(await screen.findByText(RECOMMENDATIONS_FALLBACK)).toBeInTheDocument();

    let respond!: (response: Response) => void;
    answer = () => new Promise((resolve) => (respond = resolve));
    await signalJobChange();
    await waitFor(() => expect(respond).toBeDefined());
    expect(screen.getByText(RECOMMENDATIONS_FALLBACK)).toBeInTheDocument();
    expect(screen.queryByText('Loading recommendations...')).not.toBeInTheDocument();

    respond(json(200, recommendationsOf([makeRecommendation(1)])));
    expect(await titles()).toEqual(['Recommended job 1']);
  });

  it('drops a job another teen took and adds a newly posted match when the stream signals a job change, without a reload', async () => {
    let served = recommendationsOf([1, 2].map((n) => makeRecommendation(n)));
    renderLive(async () => json(200, served));
    expect(await titles()).toEqual(['Recommended job 1', 'Recommended job 2']);

    served = recommendationsOf([makeRecommendation(2), makeRecommendation(9, { title: 'Just posted nearby' })]);
    await signalJobChange();
    await waitFor(async () => expect(await titles()).toEqual(['Recommended job 2', 'Just posted nearby']));
  });
});
