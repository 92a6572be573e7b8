// Fails when the Drizzle schema has changes that no committed migration holds (conventions 7).
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const dir = 'src/server/db/migrations';
const list = () => new Set([...readdirSync(dir), ...readdirSync(path.join(dir, 'meta')).map((f) => `meta/${f}`)]);
const before = list();
const run = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], { encoding: 'utf8' });
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  process.exit(run.status ?? 1);
}
const added = [...list()].filter((f) => !before.has(f));
if (added.length > 0) {
  for (const file of added) rmSync(path.join(dir, file));
  console.error(`The schema has changes without a migration. Run \`npm run db:generate\` and commit the result. (${added.join(', ')})`);
  // The journal was rewritten too: restore it.
  spawnSync('git', ['checkout', '--', path.join(dir, 'meta/_journal.json')]);
  process.exit(1);
}
console.log('Migrations match the schema.');
