import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import EmailTestPage from './email-test-page';

const ADMIN = { ...TEEN, id: '77777777-7777-4777-8777-777777777777', role: 'admin' as const };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/auth/me') return json(200, ADMIN);
    if (init?.method === 'POST') return json(400, { message: 'to: Text cannot contain a NUL character', code: 'VALIDATION_FAILED', fields: { to: 'Text cannot contain a NUL character' } });
    return json(500, { message: 'unexpected' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('EmailTestPage', () => {
  it('checks the recipient with the schema the server uses, then shows what the server refused under its field', async () => {
    renderSignedIn(
      <MemoryRouter>
        <EmailTestPage />
      </MemoryRouter>,
      ADMIN,
    );
    const person = userEvent.setup();
    const recipient = await screen.findByLabelText('Recipient');
    await person.type(recipient, 'not-an-address');
    await person.type(screen.getByLabelText('Subject'), 'Mail check');
    await person.type(screen.getByLabelText('Message'), 'Does the mail go out?');
    await person.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(recipient).toHaveAccessibleDescription('Please enter a valid email address');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);

    await person.clear(recipient);
    await person.type(recipient, 'check@example.com');
    await person.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Failed to send email')).toBeInTheDocument();
    expect(recipient).toHaveAccessibleDescription('Text cannot contain a NUL character');
    expect(recipient).toHaveFocus();
  });
});
