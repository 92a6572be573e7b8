import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../../contract/constants';
import { LiveEventSchema, type LiveEvent } from '../../../contract/notifications';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken } from '../auth/sessions';

const CHANNEL = 'yardly_events';

/**
 * Open streams one user may hold in one server process (one per tab is plenty). Counted here, not
 * in the database: each process allows this many, so N processes allow N times as many.
 */
export const MAX_STREAMS_PER_USER = 5;

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
 * streams open here. Nothing in it is state another process needs (design 8).
 */
export class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private readonly streamsPerUser = new Map<string, number>();
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
        for (const subscriber of this.subscribers) subscriber.resync();
      },
    );
  }

  /** Ends every open stream (before the server closes, which would otherwise wait for them). */
  closeStreams(): void {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
    this.streamsPerUser.clear();
  }

  async stop(): Promise<void> {
    this.closeStreams();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /**
   * Adds a stream and returns how to remove it (once; later calls do nothing). Throws
   * TOO_MANY_STREAMS when its user already holds MAX_STREAMS_PER_USER here: call it before anything
   * is sent, with no await between it and the answer, so a burst cannot slip past the count.
   */
  subscribe(subscriber: Subscriber): () => void {
    const open = this.streamsPerUser.get(subscriber.userId) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) {
      throw new AppError(
        'TOO_MANY_STREAMS',
        `You already have ${MAX_STREAMS_PER_USER} live connections open, the most allowed. Close a tab or window of Yardly and reload this one.`,
      );
    }
    this.streamsPerUser.set(subscriber.userId, open + 1);
    this.subscribers.add(subscriber);
    return () => {
      if (!this.subscribers.delete(subscriber)) return;
      const left = (this.streamsPerUser.get(subscriber.userId) ?? 1) - 1;
      if (left > 0) this.streamsPerUser.set(subscriber.userId, left);
      else this.streamsPerUser.delete(subscriber.userId);
    };
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
      for (const subscriber of [...this.subscribers]) if (isEnded(subscriber)) subscriber.close();
      return;
    }
    for (const subscriber of this.subscribers) {
      if (reaches(envelope.audience, subscriber)) subscriber.send(envelope.event);
    }
  }
}
