import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../../contract/constants';
import { LiveEventSchema, type LiveEvent } from '../../../contract/notifications';
import type { Database, Executor } from '../../db/client';

const CHANNEL = 'yardly_events';

/**
 * Who may receive an event: these users, everyone of these roles, and the coordinators serving
 * these ZIP codes. The audience never leaves the server; a client gets only the event.
 */
export interface Audience {
  userIds?: (string | null)[];
  roles?: Role[];
  zipCodes?: string[];
}

interface Envelope {
  audience: Audience;
  event: LiveEvent;
}

/**
 * Raises a live event through pg_notify in the caller's transaction: PostgreSQL (and PGlite)
 * deliver it to every listening server process when, and only if, the transaction commits.
 */
export async function publishLiveEvent(tx: Executor, audience: Audience, event: LiveEvent): Promise<void> {
  const envelope: Envelope = { audience, event };
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`);
}

/** One open stream: who is on the other end and how to reach them. */
export interface Subscriber {
  userId: string;
  role: Role;
  /** The ZIP codes a coordinator serves; empty for everyone else. */
  zipCodes: readonly string[];
  send(event: LiveEvent): void;
  /** Events may have been missed (the database connection dropped): refetch. */
  resync(): void;
  /** The server is shutting down. */
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
  }

  async stop(): Promise<void> {
    this.closeStreams();
    await this.unlisten?.();
    this.unlisten = null;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private dispatch(payload: string): void {
    let envelope: Envelope;
    try {
      const raw = JSON.parse(payload) as Envelope;
      envelope = { audience: raw.audience ?? {}, event: LiveEventSchema.parse(raw.event) };
    } catch (err) {
      this.log.error({ err }, 'live events: dropped a malformed event');
      return;
    }
    for (const subscriber of this.subscribers) {
      if (reaches(envelope.audience, subscriber)) subscriber.send(envelope.event);
    }
  }
}
