import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import { SignUpForm } from './sign-up-form';

function renderForm() {
  render(
    <MemoryRouter>
      <AuthProvider>
        <SignUpForm />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  const fill = async (label: string, value: string) => {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  };
  return { user, fill, create: () => screen.getByRole('button', { name: 'Create Account' }) };
}

const unticked = () =>
  within(screen.getByRole('list', { name: 'Sign-up checklist' }))
    .getAllByRole('listitem')
    .filter((item) => item.textContent?.includes('(not yet)'))
    .map((item) => item.textContent!.replace('(not yet)', ''));

describe('SignUpForm', () => {
  it('ticks the checklist live as the person types', async () => {
    const { user, fill } = renderForm();
    expect(unticked()).toEqual([
      'Role selected',
      'Full name entered',
      'Username (3+ characters)',
      'Valid email address',
      'Password (6+ characters)',
      '5-digit ZIP code',
    ]);
    await user.selectOptions(screen.getByLabelText('I am a'), 'teen');
    await fill('Full name', 'Maya Lopez');
    await fill('Username', 'ma');
    expect(unticked()).toContain('Username (3+ characters)');
    await fill('Username', 'maya');
    await fill('Email', 'maya-at-example');
    expect(unticked()).toContain('Valid email address');
    await fill('Email', 'maya@example.com');
    await fill('Password', 'secret1');
    await fill('ZIP code', '02139');
    expect(unticked()).toEqual([]);
  });

  it('keeps Create Account disabled until role, name, username, email and ZIP are given and the password has 6 characters', async () => {
    const { user, fill, create } = renderForm();
    expect(create()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('I am a'), 'homeowner');
    await fill('Full name', 'Dana W');
    await fill('Username', 'd');
    await fill('Email', 'dana@example.com');
    await fill('ZIP code', '02139');
    await fill('Password', '12345');
    expect(create()).toBeDisabled();
    await fill('Password', '123456');
    // Spec 5: the submit check needs a non-blank username only, not the checklist's 3 characters.
    expect(create()).toBeEnabled();
    await fill('Email', '');
    expect(create()).toBeDisabled();
  });

  it('reports the first failing rule in the spec order as a Registration failed toast', async () => {
    const { user, fill, create } = renderForm();
    await user.selectOptions(screen.getByLabelText('I am a'), 'teen');
    await fill('Full name', '   ');
    await fill('Username', '   ');
    await fill('Email', 'maya@example.com');
    await fill('Password', 'secret1');
    await fill('ZIP code', '02139');
    await user.click(create());
    expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Registration failed')).toBeInTheDocument();
    expect(screen.queryByText('Please choose a username')).not.toBeInTheDocument();

    await fill('Full name', 'Maya Lopez');
    await user.click(create());
    expect(await screen.findByText('Please choose a username')).toBeInTheDocument();
  });
});
