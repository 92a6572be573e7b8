import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../db/client';
import { pgliteSnapshotPath, postgresTemplateName, snapshotExists, testDatabaseUrl, withDatabase } from './databases';

/** Migrate once per run: a PGlite snapshot to load per test file, a PostgreSQL template to copy. */
export default async function setup(): Promise<void> {
  if (!snapshotExists()) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('gzip');
    writeFileSync(pgliteSnapshotPath(), Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  if (testDatabaseUrl) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const template = postgresTemplateName();
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (!rowCount) {
        await admin.query(`CREATE DATABASE "${template}"`);
        const database = await openDatabase({ kind: 'postgres', url: withDatabase(testDatabaseUrl, template) });
        await migrateDatabase(database);
        await database.close();
      }
    } finally {
      await admin.end();
    }
  }
}
