import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { decodeQuotedPrintable, startSmtp } from '../../test/smtp';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

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
    const teen = await signInAs(t, 'teen');
    const parentEmail = 'rosa.smtp@example.com';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/parental-consent/send',
      headers: { cookie: teen.cookie },
      payload: { parentName: 'Rosa Lopez', parentEmail, parentPhone: '+1 617 555 0142' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const message = await mailTo(parentEmail, `${teen.user.fullName} asks for your consent to use Yardly`);
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
    expect(await mailTo(parentEmail, `You gave consent for ${teen.user.fullName} to use Yardly`)).toContain('You can revoke this consent at any time');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: teen.cookie } });
    expect(me.json().parentalConsentStatus).toBe('approved');
  });
});
