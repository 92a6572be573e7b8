// Starts the product for the Playwright journeys: a fresh build and a fresh embedded database.
import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const dataDir = mkdtempSync(path.join(tmpdir(), 'yardly-e2e-'));
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '1' },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
