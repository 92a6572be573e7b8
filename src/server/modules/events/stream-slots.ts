import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { liveStreams } from '../../db/schema';

/**
 * Open live-event streams one user may hold across every server process (one per tab is plenty).
 * Slots, not a rate: each is held for as long as its stream stays open and given back when it
 * closes, so they are rows of their own rather than counters of plugins/rate-limit.ts (decision 014).
 */
export const MAX_STREAMS_PER_USER = 5;

/**
 * Class of the two-key advisory lock that queues one user's claims (the user's id, hashed, is the
 * second key). Two-key locks live apart from the migration's one-key lock.
 */
const CLAIM_LOCK_CLASS = 20_014;

/** When a slot lapses unless refreshed: the database's clock, so every process reads it alike. */
const until = (heldForMs: number) => sql`now() + ${heldForMs}::int * interval '1 millisecond'`;

export interface SlotHolder {
  userId: string;
  sessionTokenHash: string;
  /** The server process that keeps the slot alive. */
  instanceId: string;
}

/**
 * Claims one of the user's slots, held `heldForMs` unless refreshed; null when all of them are
 * taken. Claims of one user wait for each other on a transaction lock, so each counts the rows every
 * earlier claim committed (READ COMMITTED takes a new snapshot per statement): a burst gets exactly
 * the free slots, as many as one by one. Slots past their time are deleted first and so never count.
 */
export async function claimSlot(db: Db, holder: SlotHolder, heldForMs: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, hashtext(${holder.userId}))`);
    await tx.delete(liveStreams).where(and(eq(liveStreams.userId, holder.userId), lte(liveStreams.expiresAt, sql`now()`)));
    if ((await slotsHeld(tx, holder.userId)) >= MAX_STREAMS_PER_USER) return null;
    const [slot] = await tx
      .insert(liveStreams)
      .values({ ...holder, expiresAt: until(heldForMs) })
      .returning({ id: liveStreams.id });
    return slot?.id ?? null;
  });
}

/** How many slots the user holds, lapsed ones included until a claim or the sweeper drops them. */
export async function slotsHeld(db: Executor, userId: string): Promise<number> {
  const [held] = await db.select({ n: count() }).from(liveStreams).where(eq(liveStreams.userId, userId));
  return held?.n ?? 0;
}

/** Gives a closed stream's slot back. */
export async function releaseSlot(db: Executor, slotId: string): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.id, slotId));
}

/**
 * One process's heartbeat: pushes the time of all its slots on in one statement and returns the ids
 * still held. A stream whose id is missing lost its slot (its session was deleted, or it lapsed
 * while the process stalled and may have been given to another stream) and must end.
 */
export async function keepSlots(db: Executor, instanceId: string, heldForMs: number): Promise<string[]> {
  const rows = await db
    .update(liveStreams)
    .set({ expiresAt: until(heldForMs) })
    .where(eq(liveStreams.instanceId, instanceId))
    .returning({ id: liveStreams.id });
  return rows.map((r) => r.id);
}

/** Gives back every slot of a process at once (it is shutting down). */
export async function releaseSlotsOf(db: Executor, instanceId: string): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.instanceId, instanceId));
}

/**
 * Drops lapsed slots of every user (the sweeper): a claim drops its own user's, but a user whose
 * process crashed may never claim again. Their session's end would drop them too, weeks later.
 */
export async function pruneLapsedSlots(db: Executor): Promise<void> {
  await db.delete(liveStreams).where(lte(liveStreams.expiresAt, sql`now()`));
}
