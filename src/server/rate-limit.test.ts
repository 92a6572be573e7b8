import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, rateLimitCounters } from './db/schema';
import { LIMITS, LONGEST_WINDOW_MS, pruneRateLimitCounters, takeToken } from './plugins/rate-limit';
import { databaseKinds } from './test/databases';
import { createTestApp, signInAs, signUp, TEST_PASSWORD, type TestApp } from './test/test-app';
import { parentDetails } from './modules/consent/consent.test-helpers';

/** Issue 20: a burst gets no more through than the same requests one by one, and guessing never locks the owner out. */
describe.each(databaseKinds())('rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'https://yardly.example' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  const tally = (statuses: number[]) => ({ 401: statuses.filter((s) => s === 401).length, 429: statuses.filter((s) => s === 429).length });

  it('counts every token of a concurrent burst: exactly `limit` are allowed', async () => {
    const rule = { bucket: 'test-burst', limit: 7, windowMs: 60_000 };
    const now = t.clock.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => takeToken(t.database.db, rule, 'k', now)));
    expect(answers.filter(Boolean)).toHaveLength(rule.limit);
    // Another key has its own count; a whole window (and the slice it started in) later, it starts afresh.
    expect(await takeToken(t.database.db, rule, 'other', now)).toBe(true);
    expect(await takeToken(t.database.db, rule, 'k', new Date(now.getTime() + rule.windowMs))).toBe(false);
    expect(await takeToken(t.database.db, rule, 'k', new Date(now.getTime() + rule.windowMs + rule.windowMs / 24))).toBe(true);
  });

  it('slides: a limit per day lets no more through across midnight than in any other 24 hours', async () => {
    const rule = { bucket: 'test-slide', limit: 3, windowMs: 24 * 3600_000 };
    const beforeMidnight = new Date('2026-11-25T23:50:00Z');
    for (let i = 0; i < rule.limit; i++) expect(await takeToken(t.database.db, rule, 'teen', beforeMidnight)).toBe(true);
    expect(await takeToken(t.database.db, rule, 'teen', new Date('2026-11-26T00:10:00Z'))).toBe(false);
    expect(await takeToken(t.database.db, rule, 'teen', new Date('2026-11-26T23:40:00Z'))).toBe(false);
    expect(await takeToken(t.database.db, rule, 'teen', new Date('2026-11-27T01:00:00Z'))).toBe(true);
  });

  it('prunes only counters whose window is over for every rule', async () => {
    const rule = { bucket: 'test-prune', limit: 1, windowMs: 60_000 };
    const now = t.clock.now();
    await takeToken(t.database.db, rule, 'old', new Date(now.getTime() - LONGEST_WINDOW_MS - rule.windowMs));
    await takeToken(t.database.db, rule, 'current', now);
    await pruneRateLimitCounters(t.database.db, new Date(now.getTime() - LONGEST_WINDOW_MS));
    const keys = (await t.database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.bucket, rule.bucket))).map((row) => row.key);
    expect(keys).toEqual(['current']);
  });

  it('lets a burst of 40 concurrent wrong passwords from one address check no more than the limit', async () => {
    const { payload } = await signUp(t);
    const statuses = (await Promise.all(Array.from({ length: 40 }, () => login(payload.email, 'wrong-guess', '10.40.0.1')))).map((r) => r.statusCode);
    expect(tally(statuses)).toEqual({ 401: LIMITS.signInPerAddressAndAccount.limit, 429: 40 - LIMITS.signInPerAddressAndAccount.limit });
    // The guessing address stays stopped, even with the right password.
    expect((await login(payload.email, TEST_PASSWORD, '10.40.0.1')).statusCode).toBe(429);
  });

  it('lets a burst from one address across many accounts check no more than the per-address limit', async () => {
    const statuses = (await Promise.all(Array.from({ length: 40 }, (_, i) => login(`burst${i}@example.com`, 'guess', '10.41.0.1')))).map((r) => r.statusCode);
    expect(tally(statuses)).toEqual({ 401: LIMITS.signInPerAddress.limit, 429: 40 - LIMITS.signInPerAddress.limit });
  });

  it('never turns guessing into a lockout of the owner: the right password from another address is 200', async () => {
    const { payload } = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signInPerAddressAndAccount.limit + 5; i++) statuses.push((await login(payload.email, 'wrong-guess', '10.42.0.1')).statusCode);
    expect(statuses).toContain(429);
    expect((await login(payload.email, TEST_PASSWORD, '10.42.0.2')).statusCode).toBe(200);
  });

  it('does not count right passwords against the address', async () => {
    const { payload } = await signUp(t);
    for (let i = 0; i < LIMITS.signInPerAddressAndAccount.limit + 2; i++) expect((await login(payload.email, TEST_PASSWORD, '10.43.0.1')).statusCode).toBe(200);
  });

  it('lets a burst of concurrent consent requests send no more emails than the limit', async () => {
    const teen = await signInAs(t, 'teen');
    const sends = Array.from({ length: 12 }, () => {
      const details = parentDetails();
      return t.app.inject({ method: 'POST', url: '/api/parental-consent/send', headers: { cookie: teen.cookie }, payload: details }).then((r) => ({ status: r.statusCode, to: details.parentEmail }));
    });
    const answers = await Promise.all(sends);
    const sent = answers.filter((a) => a.status === 201);
    expect(sent).toHaveLength(LIMITS.consentEmailsPerTeen.limit);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - LIMITS.consentEmailsPerTeen.limit);
    let mailed = 0;
    for (const a of answers) mailed += (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, a.to))).length;
    expect(mailed).toBe(LIMITS.consentEmailsPerTeen.limit);
  });
});
