import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentLinkView, TeenConsent } from '../../contract/consent';
import { json, renderSignedIn, TEEN } from '../features/jobs/test-fixtures';
import ConsentLinkPage from './consent-link-page';
import ParentalConsentPage from './parental-consent-page';

const VIEW: ConsentLinkView = {
  status: 'pending',
  teenName: 'Maya Lopez',
  parentName: 'Rosa Lopez',
  sentAt: '2026-06-01T12:00:00.000Z',
  expiresAt: '2026-06-08T12:00:00.000Z',
  decidedAt: null,
  revokedAt: null,
  signatureName: null,
  actions: ['sign', 'decline'],
  consentText: { version: '2026-05-01', sha256: 'a'.repeat(64), sections: [{ heading: 'What Maya will do', paragraphs: ['Outdoor jobs.'] }] },
};
const NO_CONSENT: TeenConsent = { status: 'none', request: null };
const REQUEST = {
  id: '77777777-7777-4777-8777-777777777777',
  parentName: 'Dana Cole',
  parentEmail: 'dana@example.net',
  parentPhone: '(617) 555-0199',
  sentAt: '2026-06-15T14:05:00.000Z',
  expiresAt: '2026-06-22T14:05:00.000Z',
  expired: false,
  decidedAt: null,
  revokedAt: null,
};
/** What the teen's consent is in a test; NO_CONSENT unless it says otherwise. */
let teenConsent: TeenConsent;

const fetchMock = vi.fn<typeof fetch>();
/** What the server answers to a form's POST; each test sets it. */
let answerPost: (body: unknown) => Response;
beforeEach(() => {
  teenConsent = NO_CONSENT;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') return answerPost(JSON.parse(String(init.body)));
    if (url === '/api/auth/me') return json(200, { ...TEEN, parentalConsentStatus: 'none' });
    if (url === `/api/users/${TEEN.id}/parental-consent`) return json(200, teenConsent);
    if (url === '/api/parental-consent/link-token') return json(200, VIEW);
    return json(500, { message: 'unexpected' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url), JSON.parse(String(init?.body)) as unknown]);

function renderAt(path: string) {
  renderSignedIn(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/parental-consent" element={<ParentalConsentPage />} />
        <Route path="/consent/:token" element={<ConsentLinkPage />} />
      </Routes>
    </MemoryRouter>,
    { ...TEEN, parentalConsentStatus: 'none' },
  );
  return userEvent.setup();
}

describe("the teen's consent request", () => {
  it('marks each missing detail with the schema the server uses, and sends nothing', async () => {
    const person = renderAt('/parental-consent');
    await person.click(await screen.findByRole('button', { name: 'Send Consent Form' }));
    const name = screen.getByLabelText('Parent or guardian name');
    expect(name).toHaveAccessibleDescription("Please enter your parent's full name");
    expect(screen.getByLabelText('Parent email')).toHaveAccessibleDescription("Please enter your parent's email");
    expect(screen.getByLabelText('Parent phone')).toHaveAccessibleDescription("Please enter your parent's phone number");
    expect(name).toHaveFocus();
    expect(posts()).toEqual([]);
  });

  it("puts the server's refusal under the parent's email and says Failed to send", async () => {
    answerPost = () =>
      json(400, { message: "Use your parent's or guardian's email, not your own.", code: 'VALIDATION_FAILED', fields: { parentEmail: "Use your parent's or guardian's email, not your own." } });
    const person = renderAt('/parental-consent');
    await person.type(await screen.findByLabelText('Parent or guardian name'), ' Rosa Lopez ');
    await person.type(screen.getByLabelText('Parent email'), TEEN.email);
    await person.type(screen.getByLabelText('Parent phone'), '(617) 555-0142');
    await person.click(screen.getByRole('button', { name: 'Send Consent Form' }));
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    const email = screen.getByLabelText('Parent email');
    expect(email).toHaveAccessibleDescription("Use your parent's or guardian's email, not your own.");
    expect(email).toHaveFocus();
    expect(posts()).toEqual([['/api/parental-consent/send', { parentName: 'Rosa Lopez', parentEmail: TEEN.email, parentPhone: '(617) 555-0142' }]]);
  });
});

describe('a request held for a coordinator (issue 20)', () => {
  it("tells the teen in plain words that it waits for a coordinator's approval, and offers no resend", async () => {
    teenConsent = { status: 'pending', request: { ...REQUEST, status: 'held' } };
    renderAt('/parental-consent');
    expect(await screen.findByRole('heading', { name: "Waiting for a coordinator's approval" })).toBeInTheDocument();
    expect(screen.getByText(/Your request to Dana Cole at/)).toHaveTextContent("Your request to Dana Cole at dana@example.net is waiting for a coordinator's approval.");
    expect(screen.getByText('Once they approve it, we email the consent form to Dana Cole.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Details' })).toBeInTheDocument();
  });

  it('says so when the teen sends a request that is held', async () => {
    teenConsent = { status: 'declined', request: { ...REQUEST, parentName: 'Rosa Lopez', parentEmail: 'rosa@example.com', status: 'declined', decidedAt: '2026-06-14T15:00:00.000Z' } };
    answerPost = () => json(201, { consent: { status: 'pending', request: { ...REQUEST, status: 'held' } }, user: { ...TEEN, parentalConsentStatus: 'pending' } });
    const person = renderAt('/parental-consent');
    const email = await screen.findByLabelText('Parent email');
    await person.clear(email);
    await person.type(email, 'dana@example.net');
    await person.click(screen.getByRole('button', { name: 'Send Consent Form' }));
    expect(await screen.findByText('Waiting for approval')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: "Waiting for a coordinator's approval" })).toBeInTheDocument();
  });

  it('tells the teen when a coordinator refused it, above the form to ask again', async () => {
    teenConsent = { status: 'declined', request: { ...REQUEST, status: 'refused' } };
    renderAt('/parental-consent');
    expect(await screen.findByText('A coordinator did not approve your request to Dana Cole. Talk with the parent or guardian who answered before, or contact support.')).toHaveRole('status');
    expect(screen.getByRole('button', { name: 'Send Consent Form' })).toBeInTheDocument();
  });
});

describe("the parent's signature", () => {
  it('asks for the date of birth, the typed name and the ticked box before anything is sent', async () => {
    const person = renderAt('/consent/link-token');
    await person.click(await screen.findByRole('button', { name: 'Sign Consent' }));
    const birthday = screen.getByLabelText("Maya Lopez's date of birth");
    expect(birthday).toHaveAccessibleDescription(expect.stringContaining('Enter the date as YYYY-MM-DD'));
    expect(birthday).toHaveFocus();
    expect(screen.getByLabelText('Type your full name to sign')).toHaveAccessibleDescription('Please enter your full name');
    const agree = screen.getByRole('checkbox', { name: /I am Maya Lopez's parent or legal guardian/ });
    expect(agree).toHaveAttribute('aria-invalid', 'true');
    expect(agree).toHaveAccessibleDescription('Tick the box to agree to the consent');
    expect(posts()).toEqual([]);
  });

  it("signs with the version read, and shows the server's refusal of the date of birth under it", async () => {
    const tooYoung = 'Yardly is for teens aged 14 to 18. Your teen can join from their 14th birthday.';
    answerPost = () => json(400, { message: tooYoung, code: 'TEEN_AGE_NOT_ALLOWED', fields: { teenDateOfBirth: tooYoung } });
    const person = renderAt('/consent/link-token');
    const form = within((await screen.findByRole('button', { name: 'Sign Consent' })).closest('form')!);
    await person.type(form.getByLabelText('Type your full name to sign'), 'Rosa Lopez');
    await person.type(form.getByLabelText("Maya Lopez's date of birth"), '2014-03-02');
    await person.click(form.getByRole('checkbox'));
    await person.click(form.getByRole('button', { name: 'Sign Consent' }));
    expect(await screen.findByText('Could not sign')).toBeInTheDocument();
    const birthday = form.getByLabelText("Maya Lopez's date of birth");
    expect(birthday).toHaveAccessibleDescription(expect.stringContaining(tooYoung));
    expect(birthday).toHaveFocus();
    expect(posts()).toEqual([
      ['/api/parental-consent/link-token/sign', { signatureName: 'Rosa Lopez', teenDateOfBirth: '2014-03-02', agree: true, consentTextVersion: '2026-05-01' }],
    ]);
  });
});
