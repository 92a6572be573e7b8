import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brakeDelayMs, SIGN_IN_ACCOUNT_BRAKE } from '../../plugins/rate-limit';
import { databaseKinds } from '../../test/databases';
import { createTestApp, signUp, TEST_PASSWORD, type TestApp } from '../../test/test-app';

describe('the per-account sign-in brake', () => {
  it.each([
    [1, 0],
    [SIGN_IN_ACCOUNT_BRAKE.freeFailures, 0],
    [SIGN_IN_ACCOUNT_BRAKE.freeFailures + 1, 250],
    [SIGN_IN_ACCOUNT_BRAKE.freeFailures + 2, 500],
    [SIGN_IN_ACCOUNT_BRAKE.freeFailures + 4, 2_000],
    [SIGN_IN_ACCOUNT_BRAKE.freeFailures + 5, 4_000],
    [SIGN_IN_ACCOUNT_BRAKE.freeFailures + 6, 5_000],
    [1_000, 5_000],
  ])('makes attempt %i wait %i ms', (attempt, delay) => {
    expect(brakeDelayMs(SIGN_IN_ACCOUNT_BRAKE, attempt)).toBe(delay);
  });
});

/** Issue 20: many addresses guessing one account are slowed, and the owner's right password still gets in. */
describe.each(databaseKinds())('sign-in from many addresses against one account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const timedLogin = async (email: string, password: string, ip: string) => {
    const started = performance.now();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
    return { status: response.statusCode, ms: performance.now() - started };
  };
  const guessFromManyAddresses = async (email: string, count: number, subnet: number) => {
    const answers = [];
    for (let i = 1; i <= count; i++) answers.push(await timedLogin(email, 'wrong-guess', `10.${subnet}.0.${i}`));
    return answers;
  };

  it('slows every attempt beyond the free ones, yet lets the right password in', { timeout: 30_000 }, async () => {
    const { payload } = await signUp(t);
    const free = SIGN_IN_ACCOUNT_BRAKE.freeFailures;
    const guesses = await guessFromManyAddresses(payload.email, free + 3, 60);
    // One wrong guess per address: no address limit is reached, so nothing is refused outright.
    expect(guesses.map((g) => g.status)).toEqual(Array(free + 3).fill(401));
    expect(guesses.slice(free).every((g, i) => g.ms >= brakeDelayMs(SIGN_IN_ACCOUNT_BRAKE, free + 1 + i))).toBe(true);

    const owner = await timedLogin(payload.email, TEST_PASSWORD, '10.60.1.1');
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(brakeDelayMs(SIGN_IN_ACCOUNT_BRAKE, free + 4));
    // The right password gives its count back: the next guess waits as long as the owner did, not longer.
    const next = await timedLogin(payload.email, 'wrong-guess', '10.60.1.2');
    expect(next.status).toBe(401);
    expect(next.ms).toBeGreaterThanOrEqual(brakeDelayMs(SIGN_IN_ACCOUNT_BRAKE, free + 4));
    expect(next.ms).toBeLessThan(brakeDelayMs(SIGN_IN_ACCOUNT_BRAKE, free + 5));
  });

  it('brakes an email without an account the same way, so the wait tells nothing', { timeout: 30_000 }, async () => {
    const free = SIGN_IN_ACCOUNT_BRAKE.freeFailures;
    const guesses = await guessFromManyAddresses('nobody-here@example.com', free + 2, 61);
    expect(guesses.every((g) => g.status === 401)).toBe(true);
    expect(guesses[free + 1]!.ms).toBeGreaterThanOrEqual(brakeDelayMs(SIGN_IN_ACCOUNT_BRAKE, free + 2));
  });

  it('keeps accounts apart: guessing one does not slow another', async () => {
    const guessed = await signUp(t);
    const other = await signUp(t);
    await guessFromManyAddresses(guessed.payload.email, SIGN_IN_ACCOUNT_BRAKE.freeFailures + 1, 62);
    const answer = await timedLogin(other.payload.email, TEST_PASSWORD, '10.62.1.1');
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(SIGN_IN_ACCOUNT_BRAKE.firstDelayMs);
  });
});
