import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoiceGroup } from './choice-group';

const CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'quick', label: 'Quick' },
  { value: 'near', label: 'Near' },
] as const;

function Quick() {
  const [value, setValue] = useState<(typeof CHOICES)[number]['value']>('all');
  return (
    <>
      <ChoiceGroup label="Quick filter" value={value} onChange={setValue} choices={CHOICES} />
      <output>{value}</output>
    </>
  );
}

describe('ChoiceGroup', () => {
  it('is a named radiogroup with exactly one choice checked, changed by click', async () => {
    render(<Quick />);
    const group = screen.getByRole('radiogroup', { name: 'Quick filter' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Quick' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Near' }));
    expect(screen.getByRole('radio', { name: 'Near' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All' })).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('near');
  });

  it('moves the choice with the arrow keys and keeps one tab stop', async () => {
    render(<Quick />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'All' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Quick' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('quick');
  });
});
