import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentLinkView } from '../../contract/consent';
import type { ParentLimits } from '../../contract/safety';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import ConsentLinkPage from './consent-link-page';

const TOKEN = 'link-token';
const LIMITS_URL = `/api/parental-consent/${TOKEN}/limits`;
const APPROVED: ConsentLinkView = {
  status: 'approved',
  teenName: 'Maya Lopez',
  parentName: 'Rosa Lopez',
  sentAt: '2026-06-01T12:00:00.000Z',
  expiresAt: '2026-06-08T12:00:00.000Z',
  decidedAt: '2026-06-02T12:00:00.000Z',
  revokedAt: null,
  signatureName: 'Rosa Lopez',
  actions: ['revoke'],
  consentText: { version: '2026-05-01', sha256: 'a'.repeat(64), sections: [{ heading: 'What Maya will do', paragraphs: ['Outdoor jobs.'] }] },
};
const SET: ParentLimits = { maxHoursPerWeek: 12, latestFinish: '18:00', blockedCategories: ['snow_shoveling'], noHardJobs: true };

describe("the parent's limits on the consent link", () => {
  const fetchMock = vi.fn<typeof fetch>();
  let view: ConsentLinkView;
  let answerLimits: () => Response;
  let answerSave: (body: ParentLimits) => Response;
  beforeEach(() => {
    view = APPROVED;
    answerLimits = () => json(200, SET);
    answerSave = (body) => json(200, body);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(401, { message: 'Not signed in', code: 'UNAUTHENTICATED' });
      if (url === `/api/parental-consent/${TOKEN}`) return json(200, view);
      if (url === LIMITS_URL && init?.method === 'PUT') return answerSave(JSON.parse(String(init.body)) as ParentLimits);
      if (url === LIMITS_URL) return answerLimits();
      return json(500, { message: 'unexpected' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const saves = () => fetchMock.mock.calls.filter(([url, init]) => url === LIMITS_URL && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

  function renderLink() {
    renderSignedIn(
      <MemoryRouter initialEntries={[`/consent/${TOKEN}`]}>
        <Routes>
          <Route path="/consent/:token" element={<ConsentLinkPage />} />
        </Routes>
      </MemoryRouter>,
      TEEN,
    );
    return userEvent.setup();
  }

  const limitsForm = () => screen.findByRole('region', { name: 'Your limits for Maya Lopez' });

  it('shows the limits set, says the law always applies and these only tighten it, and saves a change with a toast', async () => {
    const person = renderLink();
    const region = await limitsForm();
    expect(region).toHaveTextContent("Child labor law and Yardly's safety rules always apply to Maya Lopez. Here you can make them stricter, never looser");
    const hours = within(region).getByLabelText('Most hours a week');
    expect(hours).toHaveValue(12);
    expect(within(region).getByLabelText('Latest finish time')).toHaveValue('18:00');
    expect(within(region).getByRole('checkbox', { name: 'Snow Shoveling' })).toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Lawn Care' })).not.toBeChecked();
    expect(within(region).getByRole('group', { name: 'Job kinds not allowed' })).toBeInTheDocument();
    expect(within(region).getByRole('checkbox', { name: /No jobs marked hard/ })).toBeChecked();

    await person.clear(hours);
    await person.type(hours, '8');
    await person.click(within(region).getByRole('checkbox', { name: 'Lawn Care' }));
    await person.click(within(region).getByRole('checkbox', { name: /No jobs marked hard/ }));
    await person.click(within(region).getByRole('button', { name: 'Save Limits' }));
    expect(await screen.findByText('Limits saved')).toBeInTheDocument();
    expect(screen.getByText("They apply to Maya Lopez's jobs from now on.")).toBeInTheDocument();
    expect(saves()).toEqual([{ maxHoursPerWeek: 8, latestFinish: '18:00', blockedCategories: ['lawn_care', 'snow_shoveling'], noHardJobs: false }]);
  });

  it('sends an emptied box as no limit of the parent’s own', async () => {
    const person = renderLink();
    const region = await limitsForm();
    await person.clear(within(region).getByLabelText('Most hours a week'));
    await person.clear(within(region).getByLabelText('Latest finish time'));
    await person.click(within(region).getByRole('button', { name: 'Save Limits' }));
    expect(await screen.findByText('Limits saved')).toBeInTheDocument();
    expect(saves()).toEqual([{ maxHoursPerWeek: null, latestFinish: null, blockedCategories: ['snow_shoveling'], noHardJobs: true }]);
  });

  it('checks the hours against the contract before sending, and puts a refusal from the server under its field', async () => {
    const person = renderLink();
    const region = await limitsForm();
    const hours = within(region).getByLabelText('Most hours a week');
    await person.clear(hours);
    await person.type(hours, '50');
    await person.click(within(region).getByRole('button', { name: 'Save Limits' }));
    expect(await screen.findByText('Could not save the limits')).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(hours).toHaveAccessibleDescription(expect.stringContaining('At most 40 hours a week'));
    expect(saves()).toEqual([]);

    answerSave = () => json(400, { message: 'Check the latest finish time.', code: 'VALIDATION_FAILED', fields: { latestFinish: 'Use a time such as 17:30' } });
    await person.clear(hours);
    await person.type(hours, '10');
    await person.click(within(region).getByRole('button', { name: 'Save Limits' }));
    const finish = within(region).getByLabelText('Latest finish time');
    await vi.waitFor(() => expect(finish).toHaveAttribute('aria-invalid', 'true'));
    expect(finish).toHaveAccessibleDescription(expect.stringContaining('Use a time such as 17:30'));
    expect(finish).toHaveFocus();
  });

  it('shows no limits where the link does not allow them', async () => {
    answerLimits = () => json(403, { message: 'This link can no longer change limits.', code: 'FORBIDDEN' });
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Consent given' })).toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === LIMITS_URL)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Your limits for Maya Lopez' })).not.toBeInTheDocument();
  });

  it('asks for no limits before the parent has signed', async () => {
    view = { ...APPROVED, status: 'pending', decidedAt: null, signatureName: null, actions: ['sign', 'decline'] };
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Sign the consent' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === LIMITS_URL)).toEqual([]);
  });
});
