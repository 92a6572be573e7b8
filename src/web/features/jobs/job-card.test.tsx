import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { JobCard, type JobCardPart } from './job-card';
import { makeJob } from './test-fixtures';

/** The explorer's card, as job-explorer-page shows it. */
const EXPLORER_PARTS: readonly JobCardPart[] = ['category', 'distance', 'duration', 'description', 'location', 'demands', 'ages', 'safety'];

const card = (job: Job, show = EXPLORER_PARTS) => (
  <MemoryRouter>
    <JobCard job={job} show={show} />
  </MemoryRouter>
);

describe('JobCard: who may take the job', () => {
  it.each([
    [16, ['lawn_mower'], 'Ages 16+'],
    [18, ['chainsaw'], 'Ages 18+'],
  ] as const)('says a job for %i and up is %s, beside its physical demands', (minimumAge, equipment, badge) => {
    render(card(makeJob({ status: 'posted', minimumAge, equipment: [...equipment] })));
    const article = screen.getByRole('article', { name: 'Rake the front yard' });
    expect(within(article).getByText(badge)).toBeInTheDocument();
    expect(within(article).getByText('Medium')).toBeInTheDocument();
  });

  it('says nothing of ages on a job every teen may take, or where the screen does not ask', () => {
    render(card(makeJob({ status: 'posted', minimumAge: 14 })));
    render(card(makeJob({ id: '55555555-5555-4555-8555-555555555555', title: 'Mow the back lawn', minimumAge: 16 }), ['status', 'duration']));
    expect(screen.queryByText(/^Ages \d+\+$/)).not.toBeInTheDocument();
  });

  it('hydrates the server-rendered explorer card with the badge without a mismatch', async () => {
    const job = makeJob({ status: 'posted', minimumAge: 16, equipment: ['lawn_mower'] });
    const container = document.createElement('div');
    container.innerHTML = renderToString(card(job));
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, card(job), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(within(container).getByText('Ages 16+')).toBeInTheDocument();
    container.remove();
  });
});
