import { describe, expect, it } from 'vitest';
import type { Leaderboard } from '../../../contract/progress';
import { databaseKinds } from '../../test/databases';
import { sessionCookieOf, signInAs, signUp, TEST_PASSWORD } from '../../test/test-app';
import { useProgressApi } from './progress.test-support';

describe.each(databaseKinds())('leaderboard and its privacy choice on %s', (kind) => {
  const api = useProgressApi(kind);
  const board = async (cookie: string): Promise<Leaderboard> => {
    const response = await api.call('GET', '/api/leaderboard', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const choose = (id: string, cookie: string | undefined, leaderboardOptIn: unknown) =>
    api.t.app.inject({ method: 'PATCH', url: `/api/users/${id}/privacy`, headers: cookie ? { cookie } : {}, payload: { leaderboardOptIn } });

  it("is off for every teen until they choose it; lists only those who chose, in the caller's area, by this season's XP", async () => {
    // Last day of spring: a paid job whose XP is not this (summer) season's.
    api.t.clock.set(new Date('2026-05-31T16:00:00Z'));
    const ana = await api.anotherTeen();
    await api.paidJob(ana.cast);
    api.t.clock.set(new Date('2026-06-01T16:00:00Z'));
    await api.paidJob(ana.cast);
    const ben = await api.anotherTeen();
    const hidden = await api.anotherTeen();
    await api.paidJob(hidden.cast, { payAmount: '200.00' });
    const elsewhere = await signInAs(api.t, 'teen', { consent: 'approved' });

    expect((await api.call('GET', `/api/users/${ana.id}/privacy`, ana.cookie)).json()).toEqual({ leaderboardOptIn: false });
    expect(await board(ana.cookie)).toEqual({ optedIn: false, season: 'summer', seasonStartDate: '2026-06-01', seasonEndDate: '2026-08-31', entries: [] });

    for (const teen of [ana, ben]) {
      const chosen = await choose(teen.id, teen.cookie, true);
      expect([chosen.statusCode, chosen.json()]).toEqual([200, { leaderboardOptIn: true }]);
    }
    const shown = await board(ana.cookie);
    expect(shown.optedIn).toBe(true);
    const names = (await Promise.all([ana, ben].map(async (t) => (await api.call('GET', '/api/auth/me', t.cookie)).json<{ fullName: string }>().fullName))).map(
      (full) => `${full.split(' ')[0]} ${full.split(' ').at(-1)![0]!.toUpperCase()}.`,
    );
    // Ana: two jobs (172 XP, level 2), only June's 86 this season; Ben: none. The teen who did not choose is not there.
    expect(shown.entries).toEqual([
      { rank: 1, name: names[0], level: 2, seasonExperiencePoints: 86, isYou: true },
      { rank: 2, name: names[1], level: 1, seasonExperiencePoints: 0, isYou: false },
    ]);
    expect((await board(ben.cookie)).entries.map((e) => e.isYou)).toEqual([false, true]);
    // Still hidden from a teen who has not chosen it, even though others did.
    expect(await board(hidden.cookie)).toMatchObject({ optedIn: false, entries: [] });
    // Another area's board is its own.
    expect((await choose(elsewhere.user.id, elsewhere.cookie, true)).statusCode).toBe(200);
    await api.t.database.db.execute(`update users set zip_code = '02141' where id = '${elsewhere.user.id}'`);
    // A new session reads the account as it is now (a cached one may still hold the old ZIP code for a few seconds).
    const login = await api.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: elsewhere.email, password: TEST_PASSWORD } });
    expect((await board(sessionCookieOf(login))).entries.map((e) => e.isYou)).toEqual([true]);
    expect((await board(ana.cookie)).entries).toHaveLength(2);

    // Turning it off takes the teen off at once.
    expect((await choose(ben.id, ben.cookie, false)).json()).toEqual({ leaderboardOptIn: false });
    expect((await board(ana.cookie)).entries.map((e) => e.isYou)).toEqual([true]);
  });

  it('lets only the teen choose, admins read the choice, and only teens see a board', async () => {
    const teen = await api.anotherTeen();
    const other = await api.anotherTeen();
    const admin = (await signInAs(api.t, 'admin')).cookie;
    const homeowner = (await signUp(api.t, 'homeowner')).cookie;
    expect((await choose(teen.id, other.cookie, true)).statusCode).toBe(403);
    expect((await choose(teen.id, admin, true)).statusCode).toBe(403);
    expect((await choose(teen.id, homeowner, true)).statusCode).toBe(403);
    expect((await choose(teen.id, undefined, true)).statusCode).toBe(401);
    expect((await choose(teen.id, teen.cookie, 'yes')).statusCode).toBe(400);
    expect((await api.t.app.inject({ method: 'PATCH', url: `/api/users/${teen.id}/privacy`, headers: { cookie: teen.cookie }, payload: {} })).statusCode).toBe(400);
    expect((await api.call('GET', `/api/users/${teen.id}/privacy`, admin)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/users/${teen.id}/privacy`, other.cookie)).statusCode).toBe(403);
    expect((await api.call('GET', '/api/leaderboard', homeowner)).statusCode).toBe(403);
    expect((await api.call('GET', '/api/leaderboard', api.cast.coordinator)).statusCode).toBe(403);
    expect((await api.call('GET', '/api/leaderboard')).statusCode).toBe(401);
  });

  it("carries no one's full name, email, id or place", async () => {
    const teen = await signInAs(api.t, 'teen', { consent: 'approved' });
    const other = await signInAs(api.t, 'teen', { consent: 'approved' });
    for (const t of [teen, other]) expect((await choose(t.user.id, t.cookie, true)).statusCode).toBe(200);
    const body = (await api.call('GET', '/api/leaderboard', teen.cookie)).body;
    expect(body).toContain(other.user.fullName.split(' ')[0]);
    expect(body).not.toContain(other.user.fullName);
    expect(body).not.toContain(other.email);
    expect(body).not.toContain(other.user.id);
    expect(body).not.toMatch(/zipCode|email|phone|dateOfBirth|location/);
  });
});
