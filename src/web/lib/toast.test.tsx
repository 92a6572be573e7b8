import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { notify, useToasterWanted } from './toast';

function Shell() {
  return useToasterWanted() ? <Toaster /> : <p>No toaster yet</p>;
}

describe('notify', () => {
  it('mounts no Toaster until the first toast, then shows that toast', async () => {
    render(<Shell />);
    expect(screen.getByText('No toaster yet')).toBeInTheDocument();
    expect(document.querySelector('section[aria-label^="Notifications"]')).toBeNull();

    await act(async () => {
      notify.error('Parental consent required', 'You need parental consent before accepting jobs.');
    });

    expect(await screen.findByText('Parental consent required')).toBeInTheDocument();
    expect(screen.getByText('You need parental consent before accepting jobs.')).toBeInTheDocument();
    expect(screen.queryByText('No toaster yet')).toBeNull();
  });
});
