import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, users } from '../../db/schema';
import { AppError, firstRow } from '../../errors';
import { databaseKinds } from '../../test/databases';
import { createTestApp, sessionCookieOf, signUp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { FORGOT_PASSWORD_ANSWER } from './auth.routes';
import { countsUntilMs, LIMITS } from '../../plugins/rate-limit';
import { resetPassword } from './auth.service';
import { hashPassword } from './passwords';

/** Issue 20, password reset: a token is checked before any hashing, and attempts are limited per address. */
describe.each(databaseKinds())('password reset on %s', (kind) => {
  let t: TestApp;
  let nextAddress = 0;
  /** Each test guesses from its own address, so one test's attempts never count against another's. */
  const freshAddress = () => `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const forgot = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
  const reset = (token: string, newPassword: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword }, remoteAddress });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  async function mailsTo(email: string) {
    return t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
  }
  async function resetTokenFor(email: string): Promise<string> {
    await forgot(email, freshAddress());
    const token = /\/reset-password\?token=([\w-]+)/.exec((await mailsTo(email)).at(-1)?.textBody ?? '')?.[1];
    if (!token) throw new Error(`no reset link mailed to ${email}`);
    return token;
  }
  async function passwordHashOf(email: string) {
    return firstRow(await t.database.db.select().from(users).where(eq(users.email, email)), 'the user').passwordHash;
  }

  /** The real hash, counted, so a test can prove how many hashes a reset computed. */
  function countingHash() {
    const counter = {
      calls: 0,
      hash: (password: string) => {
        counter.calls += 1;
        return hashPassword(password);
      },
    };
    return counter;
  }
  async function refusalOf(attempt: Promise<unknown>): Promise<unknown> {
    return attempt.then(
      () => 'accepted',
      (err: unknown) => (err instanceof AppError ? err.code : err),
    );
  }

  it('refuses a bogus token without computing a hash', async () => {
    const counter = countingHash();
    const refusal = await refusalOf(resetPassword(t.ctx, { token: 'bogus-token', newPassword: 'brand-new-secret' }, freshAddress(), counter.hash));
    expect(refusal).toBe('INVALID_RESET_TOKEN');
    expect(counter.calls).toBe(0);
  });

  it('refuses a used token and an expired token without computing a hash, after a valid one hashed once', async () => {
    const { payload } = await signUp(t);
    const token = await resetTokenFor(payload.email);
    const counter = countingHash();
    await resetPassword(t.ctx, { token, newPassword: 'brand-new-secret' }, freshAddress(), counter.hash);
    expect(counter.calls).toBe(1);

    const used = await refusalOf(resetPassword(t.ctx, { token, newPassword: 'another-secret' }, freshAddress(), counter.hash));
    expect(used).toBe('INVALID_RESET_TOKEN');
    expect(counter.calls).toBe(1);

    const expiring = await resetTokenFor(payload.email);
    t.clock.advance(60 * 60_000 + 1000);
    const expired = await refusalOf(resetPassword(t.ctx, { token: expiring, newPassword: 'another-secret' }, freshAddress(), counter.hash));
    expect(expired).toBe('INVALID_RESET_TOKEN');
    expect(counter.calls).toBe(1);
  });

  it('lets exactly one of two concurrent resets with one token through', async () => {
    const { payload, cookie } = await signUp(t);
    const token = await resetTokenFor(payload.email);
    const [first, second] = await Promise.all([
      reset(token, 'first-new-secret', freshAddress()),
      reset(token, 'second-new-secret', freshAddress()),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const loser = first.statusCode === 400 ? first : second;
    expect(loser.json().code).toBe('INVALID_RESET_TOKEN');
    const winnerPassword = first.statusCode === 200 ? 'first-new-secret' : 'second-new-secret';
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: payload.email, password }, remoteAddress: freshAddress() });
    expect((await login(winnerPassword)).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    // A reset ends every session the old password opened.
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await mailsTo(payload.email)).filter((m) => m.subject === 'Your Yardly password was changed')).toHaveLength(1);
  });

  it(`answers 429 to attempt ${LIMITS.resetAttemptsPerAddress.limit + 1} from one address, while another address is not limited`, async () => {
    const guesser = freshAddress();
    for (let i = 0; i < LIMITS.resetAttemptsPerAddress.limit; i++) {
      expect((await reset(`guess-${i}`, 'brand-new-secret', guesser)).statusCode).toBe(400);
    }
    const limited = await reset('guess-last', 'brand-new-secret', guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });

    // Even a valid token is refused from the guessing address, and is still good from elsewhere.
    const { payload } = await signUp(t);
    const token = await resetTokenFor(payload.email);
    const before = await passwordHashOf(payload.email);
    expect((await reset(token, 'brand-new-secret', guesser)).statusCode).toBe(429);
    expect(await passwordHashOf(payload.email)).toBe(before);
    expect((await reset(token, 'brand-new-secret', freshAddress())).statusCode).toBe(200);

    t.clock.advance(countsUntilMs(LIMITS.resetAttemptsPerAddress));
    expect((await reset('guess-after-the-window', 'brand-new-secret', guesser)).statusCode).toBe(400);
  });

  it('still answers forgot-password the same for a known and an unknown email', async () => {
    const { payload } = await signUp(t);
    const known = await forgot(payload.email, freshAddress());
    const unknown = await forgot('nobody-here@example.com', freshAddress());
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(payload.email)).toHaveLength(1);
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('signs out every other session of the account once the reset succeeds', async () => {
    const { payload, cookie } = await signUp(t);
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: payload.email, password: TEST_PASSWORD }, remoteAddress: freshAddress() });
    const token = await resetTokenFor(payload.email);
    expect((await reset(token, 'brand-new-secret', freshAddress())).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(sessionCookieOf(other))).statusCode).toBe(401);
  });
});
