import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { json } from '../features/jobs/test-fixtures';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  // Sonner keeps its toasts in module state: without this, one test's toast would show in the next.
  onTestFinished(() => void toast.dismiss());
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const requests = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

describe('ResetPasswordPage', () => {
  it('says which rule the new password breaks, in the spec order, and keeps Update Password disabled until both hold', async () => {
    const person = renderAt('/reset-password?token=reset-token-1');
    const update = screen.getByRole('button', { name: 'Update Password' });
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    expect(update).toBeDisabled();

    await person.type(password, '12345');
    expect(screen.getByRole('status')).toHaveTextContent('Password too short');
    expect(update).toBeDisabled();
    await person.type(password, '6');
    expect(screen.getByRole('status')).toHaveTextContent("Passwords don't match");
    await person.type(confirmation, '123456');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(update).toBeEnabled();
    // A changed password checks the confirmation again.
    await person.type(password, '7');
    expect(screen.getByRole('status')).toHaveTextContent("Passwords don't match");
    expect(update).toBeDisabled();
  });

  it('sends the token with the new password and shows Password Updated!', async () => {
    fetchMock.mockResolvedValue(json(200, { message: 'Password updated' }));
    const person = renderAt('/reset-password?token=reset-token-1');
    await person.type(screen.getByLabelText('New password'), 'new-pass-99');
    await person.type(screen.getByLabelText('Confirm new password'), 'new-pass-99');
    await person.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Updated!' })).toBeInTheDocument();
    expect(requests()).toEqual([{ url: '/api/auth/reset-password', body: { token: 'reset-token-1', newPassword: 'new-pass-99' } }]);
  });

  it('shows the invalid-link screen when the server refuses the token', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'This reset link is invalid or has expired. Please request a new one.', code: 'INVALID_RESET_TOKEN' }));
    const person = renderAt('/reset-password?token=used');
    await person.type(screen.getByLabelText('New password'), 'new-pass-99');
    await person.type(screen.getByLabelText('Confirm new password'), 'new-pass-99');
    await person.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeInTheDocument();
    expect(await screen.findByText('This reset link is invalid or has expired. Please request a new one.')).toBeInTheDocument();
  });
});

describe('ForgotPasswordPage', () => {
  it('asks for the email first, under the field and in an Email required toast, without a request', async () => {
    const person = renderAt('/forgot-password');
    await person.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Please enter your email address');
    expect(email).toHaveFocus();

    await person.type(email, 'sam-at-example.com');
    await person.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the email as the server reads it and says to check the inbox', async () => {
    fetchMock.mockResolvedValue(json(200, { message: 'If an account exists, we sent a link.' }));
    const person = renderAt('/forgot-password');
    await person.type(screen.getByLabelText('Email'), '  Sam@Example.com ');
    await person.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(requests()).toEqual([{ url: '/api/auth/forgot-password', body: { email: 'sam@example.com' } }]);
  });
});
