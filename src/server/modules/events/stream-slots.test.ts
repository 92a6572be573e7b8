import http from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { liveStreams } from '../../db/schema';
import { databaseKinds, testDatabaseUrl } from '../../test/databases';
import { eventually } from '../../test/eventually';
import { openEventStream } from '../../test/sse-client';
import { createTestApp, sessionCookieOf, signInAs, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { hashToken } from '../auth/sessions';
import { MAX_STREAMS_PER_USER, pruneLapsedSlots, slotsHeld } from './stream-slots';

const BURST = 20;

/**
 * One GET /api/events on a connection of its own: its status, and how to hang up. A stream that
 * was let in stays open until closed; a refused one has ended with its answer.
 */
function tryStream(baseUrl: string, cookie: string): Promise<{ status: number; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { agent: false, headers: { cookie, accept: 'text/event-stream', connection: 'close' } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

async function slotsOf(database: Database, where: { userId: string } | { sessionTokenHash: string }): Promise<number> {
  if ('userId' in where) return slotsHeld(database.db, where.userId);
  const [row] = await database.db.select({ n: count() }).from(liveStreams).where(eq(liveStreams.sessionTokenHash, where.sessionTokenHash));
  return row?.n ?? 0;
}

async function secondSession(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieOf(response);
}

const statusesOf = (streams: { status: number }[]) => ({
  in: streams.filter((s) => s.status === 200).length,
  refused: streams.filter((s) => s.status === 429).length,
});

/** With the real 25 s heartbeat: nothing here lapses by itself while a test runs. */
describe.each(databaseKinds())('live-stream slots on %s', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it(`lets exactly ${MAX_STREAMS_PER_USER} of ${BURST} simultaneous opens by one user in, across sessions; closing one frees exactly one`, async () => {
    const person = await signInAs(t, 'teen');
    const other = await secondSession(t.app, person.email);
    const burst = await Promise.all(Array.from({ length: BURST }, (_, i) => tryStream(url, i % 2 ? other : person.cookie)));
    const streams = burst.filter((s) => s.status === 200);
    try {
      expect(statusesOf(burst)).toEqual({ in: MAX_STREAMS_PER_USER, refused: BURST - MAX_STREAMS_PER_USER });
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(MAX_STREAMS_PER_USER);

      streams.shift()!.close();
      await eventually('the closed stream to give its slot back', async () => (await slotsOf(t.database, { userId: person.user.id })) === MAX_STREAMS_PER_USER - 1);
      const again = await Promise.all(Array.from({ length: 5 }, () => tryStream(url, person.cookie)));
      streams.push(...again.filter((s) => s.status === 200));
      expect(statusesOf(again)).toEqual({ in: 1, refused: 4 });
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('does not count a slot that lapsed (its process stopped keeping it), and deletes it', async () => {
    const person = await signInAs(t, 'teen');
    const sessionTokenHash = hashToken(tokenOf(person.cookie));
    // A crashed process's slots: nobody pushed their time on.
    await t.database.db.insert(liveStreams).values(
      Array.from({ length: MAX_STREAMS_PER_USER }, () => ({ userId: person.user.id, sessionTokenHash, instanceId: crypto.randomUUID(), expiresAt: sql`now() - interval '1 second'` })),
    );
    const stream = await tryStream(url, person.cookie);
    try {
      expect(stream.status).toBe(200);
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(1);
      // A user who never opens a stream again: the sweeper drops their lapsed slots, and only those.
      const gone = await signInAs(t, 'teen');
      await t.database.db.insert(liveStreams).values({ userId: gone.user.id, sessionTokenHash: hashToken(tokenOf(gone.cookie)), instanceId: crypto.randomUUID(), expiresAt: sql`now() - interval '1 second'` });
      await pruneLapsedSlots(t.database.db);
      expect(await slotsOf(t.database, { userId: gone.user.id })).toBe(0);
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(1);
    } finally {
      stream.close();
    }
  });

  it("frees a signed-out session's slots in the sign-out itself, and the same for a suspension", async () => {
    const person = await signInAs(t, 'teen');
    const kept = await secondSession(t.app, person.email);
    const signedOut = await Promise.all(Array.from({ length: 3 }, () => openEventStream(url, person.cookie)));
    const others = await Promise.all(Array.from({ length: 2 }, () => openEventStream(url, kept)));
    const streams = [...signedOut, ...others];
    try {
      await Promise.all(streams.map((s) => s.next('ready')));
      expect((await tryStream(url, kept)).status).toBe(429);
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: person.cookie } });
      expect(answer.statusCode).toBe(204);
      // Deleted with the session, in its transaction: no waiting for the streams to close.
      expect(await slotsOf(t.database, { sessionTokenHash: hashToken(tokenOf(person.cookie)) })).toBe(0);
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(2);
      for (const s of signedOut) await s.until(() => s.ended, 'the signed-out stream to end', 2_000);
      const three = await Promise.all(Array.from({ length: 3 }, () => openEventStream(url, kept)));
      streams.push(...three);
      expect(three.map((s) => s.response.status)).toEqual([200, 200, 200]);

      const admin = await signInAs(t, 'admin');
      const suspended = await t.app.inject({ method: 'POST', url: `/api/admin/users/${person.user.id}/suspend`, headers: { cookie: admin.cookie }, payload: { reason: 'testing the slots' } });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(0);
      for (const s of streams) await s.until(() => s.ended, "the suspended account's stream to end", 2_000);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });
});

/** A short heartbeat, to watch beats keep slots and end streams that lost theirs. */
describe.each(databaseKinds())('live-stream slots at each heartbeat on %s', (kind) => {
  const HEARTBEAT_MS = 200;
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { heartbeatMs: HEARTBEAT_MS });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const expiryOf = async (userId: string) => (await t.database.db.select({ at: liveStreams.expiresAt }).from(liveStreams).where(eq(liveStreams.userId, userId))).map((r) => r.at.getTime());

  it('pushes the time of every open slot on at each beat, and ends a stream whose slot is gone', async () => {
    const person = await signInAs(t, 'teen');
    const streams = [await openEventStream(url, person.cookie), await openEventStream(url, person.cookie)];
    try {
      await Promise.all(streams.map((s) => s.next('ready')));
      const first = await expiryOf(person.user.id);
      await streams[0]!.until(() => streams[0]!.comments >= 2, 'two heartbeats');
      const later = await expiryOf(person.user.id);
      expect(later).toHaveLength(2);
      expect(Math.min(...later)).toBeGreaterThan(Math.max(...first));

      // Its slot lapsed and was given to another stream, say: the stream must not stay open without one.
      const [slot] = await t.database.db.select({ id: liveStreams.id }).from(liveStreams).where(eq(liveStreams.userId, person.user.id)).limit(1);
      await t.database.db.delete(liveStreams).where(eq(liveStreams.id, slot!.id));
      await eventually('one stream to end', async () => streams.filter((s) => s.ended).length === 1);
      await new Promise((r) => setTimeout(r, 3 * HEARTBEAT_MS));
      expect(streams.filter((s) => s.ended)).toHaveLength(1);
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(1);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });
});

/** Two server processes on one database: each its own pool, LISTEN and heartbeat, like two machines. */
describe.runIf(testDatabaseUrl)('live-stream slots across two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; database: Database };
  let urls: [string, string];
  beforeAll(async () => {
    t = await createTestApp('postgres');
    const database = await openDatabase({ kind: 'postgres', url: (t.database.pool!.options as { connectionString: string }).connectionString });
    const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0' }), database, clock: t.clock, logger: false, webRoot: null });
    other = { app, database };
    urls = [await t.app.listen({ port: 0, host: '127.0.0.1' }), await other.app.listen({ port: 0, host: '127.0.0.1' })];
  });
  let otherClosed = false;
  const closeOther = async () => {
    if (otherClosed) return;
    otherClosed = true;
    await other.app.close();
    await other.database.close();
  };
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  it(`shares ${MAX_STREAMS_PER_USER} slots per user between them, and frees them at a sign-out on either`, async () => {
    const person = await signInAs(t, 'teen');
    const kept = await secondSession(t.app, person.email);
    const burst = await Promise.all(Array.from({ length: BURST }, (_, i) => tryStream(urls[i % 2]!, i % 4 < 2 ? person.cookie : kept)));
    const streams = burst.filter((s) => s.status === 200);
    try {
      expect(statusesOf(burst)).toEqual({ in: MAX_STREAMS_PER_USER, refused: BURST - MAX_STREAMS_PER_USER });
      const signedOutSlots = await slotsOf(t.database, { sessionTokenHash: hashToken(tokenOf(person.cookie)) });

      // Signed out on the second process: the slots go with the session, wherever the streams are.
      const answer = await other.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: person.cookie } });
      expect(answer.statusCode).toBe(204);
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(MAX_STREAMS_PER_USER - signedOutSlots);
      const refill = await Promise.all(Array.from({ length: signedOutSlots + 3 }, (_, i) => tryStream(urls[i % 2]!, kept)));
      streams.push(...refill.filter((s) => s.status === 200));
      expect(statusesOf(refill)).toEqual({ in: signedOutSlots, refused: 3 });
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('gives back the slots of a process that shuts down, at once', async () => {
    const person = await signInAs(t, 'teen');
    const onFirst = [await tryStream(urls[0], person.cookie), await tryStream(urls[0], person.cookie)];
    const onSecond = [await tryStream(urls[1], person.cookie), await tryStream(urls[1], person.cookie)];
    const streams = [...onFirst, ...onSecond];
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
      await closeOther();
      expect(await slotsOf(t.database, { userId: person.user.id })).toBe(2);
      const after = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => tryStream(urls[0], person.cookie)));
      streams.push(...after.filter((s) => s.status === 200));
      expect(statusesOf(after)).toEqual({ in: MAX_STREAMS_PER_USER - 2, refused: 2 });
    } finally {
      streams.forEach((s) => s.close());
    }
  });
});
