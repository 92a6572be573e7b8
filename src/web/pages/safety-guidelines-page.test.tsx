import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SafetyRules } from '../../contract/safety';
import { json } from '../features/jobs/test-fixtures';
import { MA_SAFETY_RULES } from '../features/safety/test-fixtures';
import SafetyGuidelinesPage from './safety-guidelines-page';

describe('SafetyGuidelinesPage: Rules by age', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let answer: () => Response;
  beforeEach(() => {
    answer = () => json(200, MA_SAFETY_RULES);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/safety-rules' ? answer() : json(500, { message: 'unexpected' })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderPage() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SafetyGuidelinesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  /** Each row of a group's table as [rule, source]. */
  const rowsOf = (group: string) =>
    within(screen.getByRole('table', { name: group }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

  it('lists every rule in force once, in plain words with its source and citation, grouped by ages, naming the state', async () => {
    renderPage();
    const section = await screen.findByRole('region', { name: 'Rules by age' });
    expect(await within(section).findByRole('table', { name: 'Ages 14-15' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Yardly follows federal child labor law and Massachusetts law: where both set a limit, the stricter one applies.');
    expect(within(section).getAllByRole('table').map((table) => table.querySelector('caption')?.textContent)).toEqual([
      'Ages 14-15',
      'Ages 16-17',
      'Everyone under 18',
    ]);
    expect(within(screen.getByRole('table', { name: 'Ages 14-15' })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Rule', 'Source']);

    expect(rowsOf('Ages 14-15')).toContainEqual(['Teens under 16 may not do work that needs a ladder.', 'Federal law29 CFR 570.33']);
    expect(rowsOf('Ages 14-15')).toContainEqual([
      'In Massachusetts, teens under 16 may work only between 7 AM and 7 PM, or until 9 PM from July 1 through Labor Day.',
      'Massachusetts lawM.G.L. c. 149, § 60',
    ]);
    expect(rowsOf('Ages 16-17')).toContainEqual(['In Massachusetts, teens 16 and 17 may work at most 48 hours a week.', 'Massachusetts lawM.G.L. c. 149, § 66']);
    expect(rowsOf('Everyone under 18')).toContainEqual([
      'No one under 18 may use a chain saw or a wood chipper.',
      'Federal law29 CFR 570.65, Hazardous Occupations Order 14',
    ]);
    expect(rowsOf('Everyone under 18')).toContainEqual(['On Yardly, all work happens between 6 AM and 8 PM.', 'YardlyYardly safety rules']);

    const listed = ['Ages 14-15', 'Ages 16-17', 'Everyone under 18'].flatMap((group) => rowsOf(group).map(([text]) => text));
    expect(listed.toSorted()).toEqual(MA_SAFETY_RULES.rules.map((rule) => rule.text).toSorted());
  });

  it('says when the state has no rules of its own, and leaves out a group with none', async () => {
    const federalOnly: SafetyRules = {
      state: 'TX',
      stateHasOwnRules: false,
      rules: MA_SAFETY_RULES.rules.filter((rule) => rule.layer !== 'state'),
    };
    answer = () => json(200, federalOnly);
    renderPage();
    expect(await screen.findByText(/Yardly follows federal child labor law in Texas, with a few rules of its own/)).toBeInTheDocument();
    expect(screen.getAllByRole('table').map((table) => table.querySelector('caption')?.textContent)).toEqual(['Ages 14-15', 'Everyone under 18']);
  });

  it('offers to try again when the rules cannot be read', async () => {
    answer = () => json(503, { message: 'down' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the rules.');
    answer = () => json(200, MA_SAFETY_RULES);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Ages 14-15' })).toBeInTheDocument();
  });
});
