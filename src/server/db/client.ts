import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: services take `Executor` so they work inside or outside one. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir null keeps the database in memory; loadDataDir restores a dumped snapshot (tests). */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The PGlite instance, when embedded (tests dump it; events use its LISTEN/NOTIFY). */
  pglite: PGlite | null;
  pool: pg.Pool | null;
  /**
   * Runs `work` with the planner settings of `profile` (decision 015): on PostgreSQL on a connection
   * of that profile's pool, opened with the settings; on PGlite's one connection in a transaction that
   * sets them first.
   */
  withPlan: WithPlan;
  /**
   * LISTEN on a channel: `onMessage` gets each payload sent with pg_notify (after its transaction
   * commits). On PostgreSQL a dedicated connection listens; when it drops, `onLost` is called at
   * once, and after it reconnects `onReconnect`, since what was sent meanwhile is gone. Resolves to
   * the function that stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it keeps two processes starting at once from migrating together. */
const MIGRATION_LOCK_ID = 7_391_202;

/** Statement names handed out, by statement text; at most MAX_PREPARED_STATEMENTS. */
const statementNames = new Map<string, string>();
const MAX_PREPARED_STATEMENTS = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `y_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * A connection that names every statement with parameters after its text, so PostgreSQL parses and
 * plans it once per connection and reuses the plan (postgres.js does this by default). Planning the
 * jobs list took longer than running it, and the session lookup paid the same on every request
 * (decision 007). Statements without parameters (migrations, DDL) run as before. The cap bounds what
 * each server connection keeps, whatever mix of filters callers send.
 */
class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query() has a dozen overloads; this only adds a name.
  override query(config: any, values?: any, callback?: any): any {
    const c = config as QueryConfig | string | null;
    if (c && typeof c === 'object' && typeof c.text === 'string' && c.name === undefined) {
      const params = Array.isArray(values) ? values : c.values;
      const name = Array.isArray(params) && params.length > 0 ? statementName(c.text) : undefined;
      if (name) config = { ...c, name };
    }
    return super.query(config, values, callback);
  }
}

/**
 * Planner settings for statements whose plan the planner's own guess gets wrong (decision 015: it
 * prices an ILIKE at a small fraction of its cost). Each profile names every setting it depends on.
 * The plan is made once per connection without the values (the generic plan: planning these took
 * longer than running them), and without JIT (compiling took 45 ms where running took 1).
 */
const PLAN_PROFILES = {
  /** Through a b-tree index, in its order, stopping at the page: no bitmap scan, which sorts every row it finds. */
  newestFirst: { enable_seqscan: 'off', enable_indexscan: 'on', enable_bitmapscan: 'off' },
  /** Through the trigram index's bitmaps: no plain index scan, which walks a b-tree testing every row. */
  throughIndex: { enable_seqscan: 'off', enable_indexscan: 'off', enable_bitmapscan: 'on' },
  /** Through the words' indexes (decision 022): the vocabulary's trigram bitmap, then ordered reads of b-trees; never a table read whole. */
  throughWords: { enable_seqscan: 'off', enable_indexscan: 'on', enable_bitmapscan: 'on' },
} as const satisfies Record<string, Record<string, 'on' | 'off'>>;
export type PlanProfile = keyof typeof PLAN_PROFILES;
const EVERY_PLAN = { jit: 'off', plan_cache_mode: 'force_generic_plan' } as const;
export type WithPlan = <T>(profile: PlanProfile, work: (db: Executor) => Promise<T>) => Promise<T>;

/** The settings of a profile, as `name=value` pairs. */
export function planSettings(profile: PlanProfile): [string, string][] {
  return Object.entries({ ...EVERY_PLAN, ...PLAN_PROFILES[profile] });
}

/** Connections of the main pool. */
const MAIN_POOL_SIZE = 20;

/** A pool per profile, made on first use: its connections start with the profile's settings, so a statement costs one round trip. */
function profilePools(url: string): { withPlan: WithPlan; close(): Promise<void> } {
  const pools = new Map<PlanProfile, { pool: pg.Pool; db: Db }>();
  const open = (profile: PlanProfile) => {
    const options = planSettings(profile)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    const pool = new pg.Pool({ connectionString: url, max: PROFILE_POOL_SIZE[profile], Client: PreparingClient, options });
    pool.on('error', () => {});
    const entry = { pool, db: drizzlePg(pool, { schema }) as unknown as Db };
    pools.set(profile, entry);
    return entry;
  };
  return {
    withPlan: (profile, work) => work((pools.get(profile) ?? open(profile)).db),
    close: async () => {
      await Promise.all([...pools.values()].map(({ pool }) => pool.end()));
    },
  };
}
/**
 * Connections per profile's pool. The words' step is the first of every search, and with 8
 * connections 50 concurrent searches waited for one (decision 022: 2,600 against 3,000 req/s for a
 * text that matches nothing); the other steps run for what the words cannot answer.
 */
const PROFILE_POOL_SIZE: Record<PlanProfile, number> = { throughWords: MAIN_POOL_SIZE, throughIndex: 8, newestFirst: 8 };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    const pglite = await PGlite.create({
      // Search reads a trigram index (migration 0013); every PGlite database needs the extension loaded.
      extensions: { pg_trgm },
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      pglite,
      pool: null,
      withPlan: (profile, work) =>
        db.transaction(async (tx) => {
          const settings = planSettings(profile).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
          await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
          return work(tx);
        }),
      // One process, one connection: nothing to reconnect.
      listen: async (channel, onMessage) => {
        const unlisten = await pglite.listen(channel, onMessage);
        return () => unlisten().catch(() => {});
      },
      close: () => pglite.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: MAIN_POOL_SIZE, Client: PreparingClient });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const profiles = profilePools(target.url);
  return {
    kind: 'postgres',
    db,
    pglite: null,
    pool,
    withPlan: profiles.withPlan,
    listen: (channel, onMessage, onReconnect, onLost) => listenOnPostgres(target.url, channel, onMessage, onReconnect, onLost),
    close: async () => {
      await Promise.all([pool.end(), profiles.close()]);
    },
  };
}

const RELISTEN_DELAY_MS = 1000;

async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: () => void,
  onLost: () => void = () => {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  let started = false;

  const relistenLater = () => {
    // Before the first LISTEN succeeds, the caller gets the error instead.
    if (stopped || retry || !started) return;
    onLost();
    client?.removeAllListeners('notification');
    client = null;
    retry = setTimeout(() => {
      retry = null;
      connect()
        .then(onReconnect)
        .catch(relistenLater);
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    next.on('error', relistenLater);
    next.on('end', relistenLater);
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  };

  await connect();
  started = true;
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

/** Applies the committed migrations; the same files run on PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: MIGRATIONS_FOLDER });
    // PGlite learns the array types (an enum's, such as physical_demand[]) when it opens: on a database
    // the migrations just made, it would send an array parameter of one as 'a,b' instead of '{a,b}'.
    await database.pglite.refreshArrayTypes();
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
