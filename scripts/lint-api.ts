// `npm run lint:api`: builds the API as it runs (no web client, an in-memory PGlite, nothing
// listening), writes its OpenAPI document (the one served at /api/docs) to a temporary file and
// lints it with Redocly (redocly.yaml: the recommended rules, warnings fail too).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The document names PUBLIC_URL as its server. Linted as an installation publishes it: the default
// (http://localhost:3000) is rightly flagged by no-server-example.com.
const PUBLIC_URL = process.env.PUBLIC_URL || 'https://yardly.app';

async function writeDocument(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL });
    const { app } = await buildApp({ config, database, logger: false, webRoot: null });
    await app.ready();
    writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
    await app.close();
  } finally {
    await database.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'yardly-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  await writeDocument(file);
  const lint = spawnSync(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'stylish'], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
