import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

function renderAt(entries: string[], returnToPrevious: boolean) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/job-explorer" element={<h1>Job Explorer</h1>} />
        <Route path="/jobs" element={<h1>Open Jobs</h1>} />
        <Route path="/job/:id" element={<PageHeader title="Job Details" backTo="/jobs" returnToPrevious={returnToPrevious} />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('PageHeader', () => {
  it('returns to the screen the person came from when asked to', async () => {
    const person = renderAt(['/job-explorer', '/job/1'], true);
    await person.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Job Explorer' })).toBeInTheDocument();
  });

  it('goes to its fallback when the tab opened on this screen', async () => {
    const person = renderAt(['/job/1'], true);
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/jobs');
    await person.click(back);
    expect(screen.getByRole('heading', { name: 'Open Jobs' })).toBeInTheDocument();
  });

  it('always goes to backTo otherwise', async () => {
    const person = renderAt(['/job-explorer', '/job/1'], false);
    await person.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Open Jobs' })).toBeInTheDocument();
  });
});
