import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/** The channel the database's change triggers raise, with the changed table's name (migration 0008). */
const CHANNEL = 'yardly_changes';

/** A signal this process sends itself through the channel, after every change it must have heard (see fence). */
const FENCE = 'fence:';
/** How long a fence waits for its own signal: past it the answer goes out anyway (the caches' 10 s bound remains). */
const FENCE_TIMEOUT_MS = 2_000;

/**
 * A process's view of what changed in the database, for the caches derived from it (decision 009,
 * 012). The tables' triggers send their names through LISTEN/NOTIFY when a write commits, to every
 * server process, whoever wrote: this is the only way a cache learns of a change. While this process
 * is not listening (before start, after the connection dropped until it listens again) a cache can
 * hear nothing, so `live` is false and the caches neither keep nor serve.
 */
export class ChangeSignals {
  private readonly caches = new Set<DerivedCache<unknown>>();
  private unlisten: (() => Promise<void>) | null = null;
  private listening = false;
  /** Fences sent and not yet heard back, by id. */
  private readonly fences = new Map<string, () => void>();
  private fenceInFlight: Promise<void> | null = null;
  private fenceQueued: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get live(): boolean {
    return this.listening;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => this.hear(payload),
      () => {
        this.log.warn('change signals: listening again after the database connection dropped');
        this.dropAll();
        this.listening = true;
      },
      () => {
        this.listening = false;
        this.dropAll();
      },
    );
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.dropAll();
    for (const heard of this.fences.values()) heard();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** A cache of values read from `tables`, dropped whenever one of them changes. */
  cache<V>(options: { tables: string[]; maxEntries: number; maxAgeMs: number }): DerivedCache<V> {
    const cache = new DerivedCache<V>(this, options.tables, options.maxEntries, options.maxAgeMs);
    this.caches.add(cache as DerivedCache<unknown>);
    return cache;
  }

  /**
   * Resolves once this process has heard every change committed before the call. A write request's
   * answer waits for it (app.ts), so that whoever made a change sees it in their next answer from
   * this process, even from a cache. PostgreSQL delivers a listener's notifications in commit order,
   * so hearing back a signal sent now proves the earlier ones were heard. Concurrent callers share
   * fences: one in flight, and at most one more queued behind it for those who came later.
   */
  fence(): Promise<void> {
    // PGlite hands a commit's notifications over before the commit's own promise resolves.
    if (!this.listening || this.database.kind === 'pglite') return Promise.resolve();
    if (!this.fenceInFlight) {
      this.fenceInFlight = this.sendFence().finally(() => (this.fenceInFlight = null));
      return this.fenceInFlight;
    }
    this.fenceQueued ??= this.fenceInFlight.then(() => {
      this.fenceQueued = null;
      return this.fence();
    });
    return this.fenceQueued;
  }

  private async sendFence(): Promise<void> {
    const id = randomUUID();
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.log.warn('change signals: a fence was not heard back in time');
        done();
      }, FENCE_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        this.fences.delete(id);
        resolve();
      };
      this.fences.set(id, done);
    });
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${FENCE + id})`);
    await heard;
  }

  private hear(payload: string): void {
    if (payload.startsWith(FENCE)) {
      this.fences.get(payload.slice(FENCE.length))?.();
      return;
    }
    for (const cache of this.caches) if (cache.tables.includes(payload)) cache.clear();
  }

  private dropAll(): void {
    for (const cache of this.caches) cache.clear();
  }
}

interface Entry<V> {
  value: V;
  /** On the service's clock: past it, the value may no longer be what the database would say. */
  validUntil: number;
  /** On the process's monotonic clock: a bound on staleness should a signal ever be lost unseen. */
  storedAt: number;
}

/**
 * Values derived from some tables, kept until one of them changes. A value read while a change was
 * signalled is not kept: the read may have seen the database before that change, and its signal may
 * already have been handled. Not kept either while the signals are not live.
 */
export class DerivedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped by every change: a read that started in an older generation is served, not kept. */
  private generation = 0;

  constructor(
    private readonly signals: ChangeSignals,
    readonly tables: readonly string[],
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
  ) {}

  /** Whether the process hears changes now: while it does not, nothing is kept. */
  get live(): boolean {
    return this.signals.live;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private get(key: string, now: Date): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const fresh =
      now.getTime() < entry.validUntil &&
      performance.now() - entry.storedAt < this.maxAgeMs &&
      this.signals.live;
    if (fresh) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * The kept value for `key`, if any, at once: without waiting a turn for signals received and not
   * yet handled, as `read` does. For a value whose staleness costs time, never a wrong answer.
   */
  peek(key: string, now: Date): V | undefined {
    return this.get(key, now);
  }

  /**
   * The kept value for `key`, or `load()`'s. `load` reads the database and says until when (on the
   * service's clock, `now`'s) its answer holds if the tables do not change: Infinity when only a
   * change can alter it, at most `now` when it must not be kept. It must depend on nothing but these
   * tables and the time.
   */
  async read(key: string, now: Date, load: () => Promise<{ value: V; validUntil: number }>): Promise<V> {
    // Signals already received but not yet handled go first (the socket's data is read in this turn).
    await new Promise<void>((resolve) => setImmediate(resolve));
    const kept = this.get(key, now);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const { value, validUntil } = await load();
    if (validUntil > now.getTime() && generation === this.generation && this.signals.live) {
      // A full cache starts over: simpler than LRU, and a hot key is back after one read.
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, validUntil, storedAt: performance.now() });
    }
    return value;
  }
}
