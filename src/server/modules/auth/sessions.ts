import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { DerivedCache } from '../../db/derived-cache';
import { sessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'yardly_session';
/** A session dies after two weeks unused or thirty days in all, whichever comes first. */
export const SESSION_IDLE_MS = 14 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** Writing last_seen_at on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random 256-bit token; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(db: Executor, userId: string, now: Date, userAgent?: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** A live session's user, and until when the same lookup gives the same answer without writing. */
export interface FoundSession {
  user: SessionUser;
  /** Epoch ms: the session then expires or is due for a touch of last_seen_at. */
  steadyUntil: number;
}

async function lookUpSession(db: Executor, tokenHash: string, now: Date): Promise<FoundSession | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  // A suspended account's sessions are deleted with the suspension; one a racing sign-in made after it is worth nothing either.
  if (!row || row.user.status !== 'active') return null;
  const idleLimit = new Date(now.getTime() - SESSION_IDLE_MS);
  if (row.session.expiresAt <= now || row.session.lastSeenAt <= idleLimit) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  let lastSeen = row.session.lastSeenAt.getTime();
  if (now.getTime() - lastSeen > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    lastSeen = now.getTime();
  }
  const { passwordHash: _hash, ...user } = row.user;
  return { user, steadyUntil: Math.min(row.session.expiresAt.getTime(), lastSeen + TOUCH_INTERVAL_MS) };
}

export async function findSessionUser(db: Executor, token: string, now: Date): Promise<SessionUser | null> {
  return (await lookUpSession(db, hashToken(token), now))?.user ?? null;
}

/**
 * findSessionUser through this process's session cache (decision 009): a session is kept until it
 * is due for a touch or expires, and dropped as soon as any session or user changes (sign-out,
 * password reset, consent, role), in this process or another. Unknown tokens are not kept.
 */
export async function findSessionUserCached(cache: DerivedCache<FoundSession | null>, db: Executor, token: string, now: Date): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const found = await cache.read(tokenHash, now, async () => {
    const value = await lookUpSession(db, tokenHash, now);
    return { value, validUntil: value?.steadyUntil ?? 0 };
  });
  return found?.user ?? null;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}

export async function countSessions(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db.select().from(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return rows.length;
}
