import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../../contract/constants';
import { LiveEventSchema, type LiveEvent } from '../../../contract/notifications';
import type { Database, Executor } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError, unauthenticated } from '../../errors';
import { hashToken } from '../auth/sessions';
import { claimSlot, keepSlots, MAX_STREAMS_PER_USER, releaseSlot, releaseSlotsOf } from './stream-slots';

const CHANNEL = 'yardly_events';

/** Proxies and browsers drop a silent connection; a comment line every so often keeps it open. */
export const HEARTBEAT_MS = 25_000;
/**
 * A slot its process has not refreshed for this many heartbeats no longer counts: a crashed
 * process's streams free their slots by themselves, and a busy one is not cut off for a late beat.
 */
const BEATS_UNTIL_LAPSED = 3;

/**
 * Who may receive an event: these users, everyone of these roles, and the coordinators serving
 * these ZIP codes. The audience never leaves the server; a client gets only the event.
 */
export interface Audience {
  userIds?: (string | null)[];
  roles?: Role[];
  zipCodes?: string[];
}

interface EventEnvelope {
  audience: Audience;
  event: LiveEvent;
}

/** Sessions that ended (one signed out, or all of a user's at a password reset): every process ends their streams. */
type Ended = { sessionTokenHash: string } | { userId: string };
interface StreamsEndedEnvelope {
  ended: Ended;
}

type Envelope = EventEnvelope | StreamsEndedEnvelope;

/**
 * Raises a live event through pg_notify in the caller's transaction: PostgreSQL (and PGlite)
 * deliver it to every listening server process when, and only if, the transaction commits.
 */
export async function publishLiveEvent(tx: Executor, audience: Audience, event: LiveEvent): Promise<void> {
  const envelope: EventEnvelope = { audience, event };
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`);
}

/**
 * Ends the streams of this session in every server process once the caller's transaction commits
 * (the one that deletes the session), instead of at their next heartbeat. Only the token's hash
 * travels, like in the sessions table.
 */
export async function endSessionStreams(tx: Executor, sessionToken: string): Promise<void> {
  await announceEnded(tx, { sessionTokenHash: hashToken(sessionToken) });
}

/** The same for every session of a user (a password reset ends them all). */
export async function endUserStreams(tx: Executor, userId: string): Promise<void> {
  await announceEnded(tx, { userId });
}

async function announceEnded(tx: Executor, ended: Ended): Promise<void> {
  const envelope: StreamsEndedEnvelope = { ended };
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`);
}

/** One open stream: who is on the other end and how to reach them. */
export interface Subscriber {
  userId: string;
  /** The hash of the session token the stream was opened with. */
  sessionTokenHash: string;
  role: Role;
  /** The ZIP codes a coordinator serves; empty for everyone else. */
  zipCodes: readonly string[];
  send(event: LiveEvent): void;
  /** Events may have been missed (the database connection dropped): refetch. */
  resync(): void;
  /** A heartbeat: keep the connection open, or end it if its session is over. */
  beat(): void;
  /** Ends the stream: the server is shutting down, or its session was signed out. */
  close(): void;
}

function reaches(audience: Audience, subscriber: Subscriber): boolean {
  if (audience.userIds?.includes(subscriber.userId)) return true;
  if (audience.roles?.includes(subscriber.role)) return true;
  return subscriber.role === 'coordinator' && !!audience.zipCodes?.some((zip) => subscriber.zipCodes.includes(zip));
}

/**
 * This process's end of the live events: one LISTEN for the whole process, fanned out to the
 * streams open here, and one heartbeat for all of them. What other processes need to know of these
 * streams, the slots they hold, is in the database (stream-slots.ts).
 */
export class EventBus {
  /** Each open stream, with the id of the slot it holds. */
  private readonly subscribers = new Map<Subscriber, string>();
  /** Names this process's slots, so one heartbeat refreshes them all. */
  private readonly instanceId = randomUUID();
  private heartbeatMs = HEARTBEAT_MS;
  private heartbeat: NodeJS.Timeout | null = null;
  private beating = false;
  private closing = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => this.dispatch(payload),
      () => {
        this.log.warn('live events: listening again after the database connection dropped');
        for (const subscriber of this.subscribers.keys()) subscriber.resync();
      },
    );
  }

  /** How often the streams beat; the events route sets it (tests shorten it). */
  beatEvery(ms: number): void {
    this.heartbeatMs = ms;
  }

  /**
   * Ends every open stream and gives their slots back, in one statement (before the server closes,
   * which would otherwise wait for the streams).
   */
  async closeStreams(): Promise<void> {
    this.closing = true;
    const streams = [...this.subscribers.keys()];
    // Emptied first, so each close below leaves the slot to the one DELETE after.
    this.subscribers.clear();
    this.stopBeating();
    for (const subscriber of streams) subscriber.close();
    await releaseSlotsOf(this.database.db, this.instanceId).catch((err: unknown) => this.log.warn({ err }, 'live events: slots left to lapse at shutdown'));
  }

  async stop(): Promise<void> {
    await this.closeStreams();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /**
   * Claims a slot of the subscriber's user, then adds the stream; returns how to remove it (once;
   * later calls do nothing). Throws TOO_MANY_STREAMS when the user already holds
   * MAX_STREAMS_PER_USER streams on any server process: call it before anything is sent, so a stream
   * over the limit is answered 429 like any refused request.
   */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    const { db } = this.database;
    let slot: string | null;
    try {
      slot = await claimSlot(db, { userId: subscriber.userId, sessionTokenHash: subscriber.sessionTokenHash, instanceId: this.instanceId }, this.heartbeatMs * BEATS_UNTIL_LAPSED);
    } catch (err) {
      // The session was signed out while the claim ran.
      if (isForeignKeyViolation(err)) throw unauthenticated();
      throw err;
    }
    if (slot === null) {
      throw new AppError(
        'TOO_MANY_STREAMS',
        `You already have ${MAX_STREAMS_PER_USER} live connections open, the most allowed. Close a tab or window of Yardly and reload this one.`,
      );
    }
    if (this.closing) {
      await releaseSlot(db, slot);
      throw new AppError('UNAVAILABLE', 'The server is restarting. Live updates reconnect by themselves in a moment.');
    }
    this.subscribers.set(subscriber, slot);
    this.startBeating();
    return () => {
      if (!this.subscribers.delete(subscriber)) return;
      if (this.subscribers.size === 0) this.stopBeating();
      releaseSlot(db, slot).catch((err: unknown) => this.log.warn({ err }, 'live events: a closed stream\'s slot left to lapse'));
    };
  }

  private startBeating(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopBeating(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * One UPDATE keeps every slot of this process; a stream whose slot is gone ends, the others beat.
   * Streams added while it runs wait for the next beat: their slots are newer than the UPDATE.
   */
  private async beat(): Promise<void> {
    // A beat slower than the interval (a stalled database) is not stacked with the next.
    if (this.beating) return;
    this.beating = true;
    try {
      const streams = [...this.subscribers];
      let held: Set<string> | null = null;
      try {
        held = new Set(await keepSlots(this.database.db, this.instanceId, this.heartbeatMs * BEATS_UNTIL_LAPSED));
      } catch (err) {
        // The database is away: keep the streams, whose slots outlast a few missed beats.
        this.log.warn({ err }, 'live events: could not refresh the slots of open streams');
      }
      for (const [subscriber, slot] of streams) {
        if (!this.subscribers.has(subscriber)) continue;
        if (held && !held.has(slot)) subscriber.close();
        else subscriber.beat();
      }
    } finally {
      this.beating = false;
    }
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private dispatch(payload: string): void {
    let envelope: Envelope;
    try {
      const raw = JSON.parse(payload) as Envelope;
      envelope = 'ended' in raw ? { ended: raw.ended } : { audience: raw.audience ?? {}, event: LiveEventSchema.parse(raw.event) };
    } catch (err) {
      this.log.error({ err }, 'live events: dropped a malformed event');
      return;
    }
    if ('ended' in envelope) {
      const { ended } = envelope;
      const isEnded = (subscriber: Subscriber) =>
        'userId' in ended ? subscriber.userId === ended.userId : subscriber.sessionTokenHash === ended.sessionTokenHash;
      for (const subscriber of [...this.subscribers.keys()]) if (isEnded(subscriber)) subscriber.close();
      return;
    }
    for (const subscriber of this.subscribers.keys()) {
      if (reaches(envelope.audience, subscriber)) subscriber.send(envelope.event);
    }
  }
}
