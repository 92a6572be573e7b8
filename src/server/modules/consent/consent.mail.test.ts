import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { decodeQuotedPrintable, startSmtp } from '../../test/smtp';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

describe.each(databaseKinds())('consent by real email on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://yardly.example' });
    t.clock.set(new Date('2026-06-15T16:00:00Z'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /**
   * Delivers the outbox over SMTP and returns the decoded message with `subject` that reached `to`.
   * The mailer may already be sending it (a commit kicks it), so this waits for it to arrive.
   */
  const mailTo = async (to: string, subject: string) => {
    await t.ctx.mailer.deliverDue();
    const find = () => smtp.received.map((m) => (m.to.includes(to) ? decodeQuotedPrintable(m.raw) : '')).find((m) => m.includes(`Subject: ${subject}`));
    await expect.poll(find, { timeout: 15_000 }).toBeDefined();
    return find()!;
  };

  it('sends the parent a link over SMTP that opens the consent, signs it, and tells the teen', async () => {
    const { user, cookie, payload } = await signUp(t, 'teen', { fullName: 'Sam Taylor' });
    const teen = { user, cookie, email: payload.email };
    const parentEmail = 'rosa.smtp@example.com';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/parental-consent/send',
      headers: { cookie: teen.cookie },
      payload: { parentName: 'Rosa Lopez', parentEmail, parentPhone: '+1 617 555 0142' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // Issue 20: emails to a parent name the teen by first name and last initial (the consent page keeps the full name).
    const message = await mailTo(parentEmail, 'Sam T. asks for your consent to use Yardly');
    expectNoMoreThanTheTeensFirstName(message, teen.email);
    const link = /https:\/\/yardly\.example\/consent\/([A-Za-z0-9._-]+)/.exec(message);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const view = await t.app.inject({ method: 'GET', url: `/api/parental-consent/${token}` });
    expect(view.json()).toMatchObject({ status: 'pending', teenName: teen.user.fullName, actions: ['sign', 'decline'] });
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/parental-consent/${token}/sign`,
      payload: { signatureName: 'Rosa Lopez', teenDateOfBirth: '2011-09-30', agree: true },
    });
    expect(signed.statusCode, signed.body).toBe(200);

    expect(await mailTo(teen.email, 'Parental consent approved')).toContain('signed your consent. You can now lock and accept jobs.');
    const copy = await mailTo(parentEmail, 'You gave consent for Sam T. to use Yardly');
    expect(copy).toContain('You can revoke this consent at any time');
    expectNoMoreThanTheTeensFirstName(copy, teen.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: teen.cookie } });
    expect(me.json().parentalConsentStatus).toBe('approved');
  });

  it('holds a request to another address after a decline: the parent who declined is told at once, the new parent only once a coordinator approves', async () => {
    const { cookie, payload } = await signUp(t, 'teen', { fullName: 'Sam Taylor' });
    const send = (parentEmail: string, parentName: string) =>
      t.app.inject({ method: 'POST', url: '/api/parental-consent/send', headers: { cookie }, payload: { parentName, parentEmail, parentPhone: '+1 617 555 0142' } });
    const first = 'rosa.declines@example.com';
    expect((await send(first, 'Rosa Lopez')).statusCode).toBe(201);
    const token = /https:\/\/yardly\.example\/consent\/([A-Za-z0-9._-]+)/.exec(await mailTo(first, 'Sam T. asks for your consent to use Yardly'))![1]!;
    expect((await t.app.inject({ method: 'POST', url: `/api/parental-consent/${token}/decline` })).statusCode).toBe(200);

    t.clock.advance(60_000);
    const second = 'dana.second@example.net';
    const held = await send(second, 'Dana Cole');
    expect(held.statusCode).toBe(201);
    const notice = await mailTo(first, 'Sam T. asked someone else for consent to use Yardly');
    expect(notice).toContain('asked for consent from another email address (d***@example.net)');
    expect(notice).not.toContain(second);
    expectNoMoreThanTheTeensFirstName(notice, payload.email);
    await t.ctx.mailer.deliverDue();
    expect(smtp.received.filter((m) => m.to.includes(second))).toEqual([]);

    const coordinator = await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] });
    const approved = await t.app.inject({ method: 'POST', url: `/api/parental-consent/held/${held.json().consent.request.id}/approve`, headers: { cookie: coordinator.cookie } });
    expect(approved.statusCode, approved.body).toBe(200);
    const request = await mailTo(second, 'Sam T. asks for your consent to use Yardly');
    expect(request).toContain('Hi Dana Cole,');
    expect(request).toMatch(/https:\/\/yardly\.example\/consent\/[A-Za-z0-9._-]+/);
    expectNoMoreThanTheTeensFirstName(request, payload.email);
  });
});

/** Issue 20: a parent's email carries the teen's first name and last initial, never the last name nor the teen's address. */
function expectNoMoreThanTheTeensFirstName(message: string, teenEmail: string) {
  expect(message).toContain('Sam T.');
  expect(message).not.toContain('Taylor');
  expect(message).not.toContain(teenEmail);
}
