import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Changes whenever a migration changes, so stale snapshots and templates are never reused. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
      else if (!name.includes('.')) walk(file);
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 12);
}

export function pgliteSnapshotPath(): string {
  return path.join(tmpdir(), `yardly-pglite-${migrationsHash()}.tar.gz`);
}

export function postgresTemplateName(): string {
  return `yardly_tpl_${migrationsHash()}`;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || null;

/** The databases every database test runs on: PGlite always, PostgreSQL when configured. */
export function databaseKinds(): ('pglite' | 'postgres')[] {
  return testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

export function snapshotExists(): boolean {
  return existsSync(pgliteSnapshotPath());
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
