import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/** The channel the database's change triggers raise, with the changed table's name (migration 0008). */
const CHANNEL = 'yardly_changes';

/**
 * A process's view of what changed in the database, for the caches derived from it (decision 009).
 * The tables' triggers send their names through LISTEN/NOTIFY when a write commits, to every server
 * process. While this process is not listening (before start, after the connection dropped until it
 * listens again) a cache can hear nothing, so `live` is false and the caches neither keep nor serve.
 */
export class ChangeSignals {
  private readonly caches = new Set<DerivedCache<unknown>>();
  private unlisten: (() => Promise<void>) | null = null;
  private listening = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get live(): boolean {
    return this.listening;
  }

  /** See Database.localWrites: a change this process made counts at once, before its signal arrives. */
  localWrites(tables: readonly string[]): number {
    return this.database.localWrites(tables);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (table) => {
        for (const cache of this.caches) if (cache.tables.includes(table)) cache.clear();
      },
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
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** A cache of values read from `tables`, dropped whenever one of them changes. */
  cache<V>(options: { tables: string[]; maxEntries: number; maxAgeMs: number }): DerivedCache<V> {
    const cache = new DerivedCache<V>(this, options.tables, options.maxEntries, options.maxAgeMs);
    this.caches.add(cache as DerivedCache<unknown>);
    return cache;
  }

  private dropAll(): void {
    for (const cache of this.caches) cache.clear();
  }
}

interface Entry<V> {
  value: V;
  /** The process's own writes when the read began: any later one may have changed the value. */
  localWrites: number;
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
      entry.localWrites === this.signals.localWrites(this.tables) &&
      this.signals.live;
    if (fresh) return entry.value;
    this.entries.delete(key);
    return undefined;
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
    const localWrites = this.signals.localWrites(this.tables);
    const { value, validUntil } = await load();
    if (validUntil > now.getTime() && generation === this.generation && this.signals.live) {
      // A full cache starts over: simpler than LRU, and a hot key is back after one read.
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, validUntil, localWrites, storedAt: performance.now() });
    }
    return value;
  }
}
