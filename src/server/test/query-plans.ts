import pg from 'pg';
import type { Database } from '../db/client';

/** A statement as the app sent it: its text with $n parameters, and their values. */
export interface Statement {
  text: string;
  values: unknown[];
}

type Query = (...args: unknown[]) => unknown;
type Queryable = { query: Query };

/**
 * The settings a PostgreSQL connection was opened with (a plan profile's pool, db/client.ts), as the
 * statement that would make them in a transaction: what shapes the plan of each statement it runs.
 */
function startupSettings(client: unknown): Statement | null {
  const options = (client as { connectionParameters?: { options?: string } }).connectionParameters?.options;
  if (!options) return null;
  const pairs = [...options.matchAll(/-c (\w+)=(\w+)/g)].map(([, name, value]) => `set_config('${name}', '${value}', true)`);
  return { text: `select ${pairs.join(', ')}`, values: [] };
}

/** `target.query`, recording each statement into `seen` until the returned function puts it back. */
function record(target: Queryable, seen: Statement[]): () => void {
  const query = target.query;
  target.query = function (this: unknown, config: unknown, values?: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const settings = startupSettings(this);
    if (settings) seen.push(settings);
    seen.push({ text, values: Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []) });
    return query.call(this, config, values, ...rest);
  };
  return () => {
    target.query = query;
  };
}

/** The statements the app sends to the database while `work` runs, in transactions too (tests, benchmarks). */
export async function statementsOf(database: Database, work: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const restore: (() => void)[] = [];
  if (database.pool) {
    // Every statement, the pool's own included, goes through one of its clients.
    restore.push(record((database.pool.options as { Client: { prototype: Queryable } }).Client.prototype, seen));
  } else {
    const pglite = database.pglite as unknown as Queryable & { transaction: (callback: (tx: Queryable) => unknown) => unknown };
    restore.push(record(pglite, seen));
    const transaction = pglite.transaction;
    pglite.transaction = function (this: unknown, callback: (tx: Queryable) => unknown) {
      return transaction.call(this, (tx: Queryable) => {
        record(tx, seen);
        return callback(tx);
      });
    };
    restore.push(() => {
      pglite.transaction = transaction;
    });
  }
  try {
    await work();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

/** A statement, and the settings made before it (`set_config(..., true)` in its transaction, or its connection's start-up settings), which shape its plan. */
export interface PlannedStatement {
  statement: Statement;
  settings: Statement[];
}

/** The statements of `seen` whose text `wanted` picks, each with the settings sent before it. */
export function withSettings(seen: Statement[], wanted: (text: string) => boolean): PlannedStatement[] {
  return seen.flatMap((statement, i) =>
    wanted(statement.text) ? [{ statement, settings: seen.slice(0, i).filter((s) => s.text.includes('set_config(')) }] : [],
  );
}

/**
 * How the database runs a statement, after its settings, in a transaction rolled back afterwards.
 * PGlite plans each statement afresh with its values (custom). PostgreSQL runs the app's statements
 * prepared (db/client.ts), so after five runs it may keep a generic plan made without the values:
 * `mode` picks which plan to show. With `analyze` the statement runs too.
 */
export async function planOf(database: Database, { statement, settings }: PlannedStatement, mode: 'custom' | 'generic', analyze = false): Promise<string> {
  const explain = analyze ? 'explain (analyze, buffers)' : 'explain';
  if (database.pglite) {
    if (mode !== 'custom') throw new Error('PGlite plans every statement with its values');
    const pglite = database.pglite;
    return pglite.transaction(async (tx) => {
      for (const setting of settings) await tx.query(setting.text, setting.values);
      const result = await tx.query<{ 'QUERY PLAN': string }>(`${explain} ${statement.text}`, statement.values);
      await tx.rollback();
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  // A connection of its own: the app's connections keep their prepared statements.
  const client = new pg.Client({ connectionString: database.pool!.options.connectionString });
  await client.connect();
  try {
    await client.query('begin');
    for (const setting of settings) await client.query(setting.text, setting.values);
    await client.query(`prepare explained as ${statement.text}`);
    await client.query(`set local plan_cache_mode = force_${mode}_plan`);
    // EXPLAIN takes no parameters: the values go in as literals, cast to the statement's types.
    const literal = (value: unknown) => (value === null ? 'null' : client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value)));
    const result = await client.query<{ 'QUERY PLAN': string }>(`${explain} execute explained(${statement.values.map(literal).join(', ')})`);
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}
