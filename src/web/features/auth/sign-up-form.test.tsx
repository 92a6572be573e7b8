import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import { SignUpForm } from './sign-up-form';

function renderForm() {
  // Sonner keeps its toasts in module state: without this, one test's toast would show in the next.
  onTestFinished(() => void toast.dismiss());
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

/** The toasts on screen as 'title: description' (the same words may also stand under a field). */
const toasts = () =>
  [...document.querySelectorAll('[data-sonner-toast]')].map(
    (toast) => `${toast.querySelector('[data-title]')?.textContent}: ${toast.querySelector('[data-description]')?.textContent}`,
  );

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

  it('reports the first failing rule in the spec order as a Registration failed toast, marks each field and takes the person to the first', async () => {
    const { user, fill, create } = renderForm();
    await user.selectOptions(screen.getByLabelText('I am a'), 'teen');
    await fill('Full name', '   ');
    await fill('Username', '   ');
    await fill('Email', 'maya@example.com');
    await fill('Password', 'secret1');
    await fill('ZIP code', '02139');
    await user.click(create());
    await waitFor(() => expect(toasts()).toEqual(['Registration failed: Please enter your full name']));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Please enter your full name');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Please choose a username');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

    await fill('Full name', 'Maya Lopez');
    await user.click(create());
    await waitFor(() => expect(toasts()).toContain('Registration failed: Please choose a username'));
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it("puts the server's refusal under the field it names and focuses it, with the server's message in the toast", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json(
        { message: 'Yardly is not available in 90210 yet.', code: 'ZIP_NOT_SERVED', fields: { zipCode: 'This ZIP code is outside our service area' } },
        { status: 400 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    onTestFinished(() => void vi.unstubAllGlobals());
    const { user, fill, create } = renderForm();
    await user.selectOptions(screen.getByLabelText('I am a'), 'homeowner');
    await fill('Full name', '  Dana West ');
    await fill('Username', 'dana');
    await fill('Email', 'Dana@Example.com');
    await fill('Password', 'secret1');
    await fill('ZIP code', '90210');
    await user.click(create());
    await waitFor(() => expect(toasts()).toEqual(['Registration failed: Yardly is not available in 90210 yet.']));
    const zip = screen.getByLabelText('ZIP code');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('This ZIP code is outside our service area'));
    expect(zip).toHaveFocus();
    // What is sent is what the server's own schema made of the input.
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      role: 'homeowner',
      fullName: 'Dana West',
      username: 'dana',
      email: 'dana@example.com',
      password: 'secret1',
      zipCode: '90210',
    });
  });
});
