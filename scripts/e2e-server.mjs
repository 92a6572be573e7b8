// Starts the product for the Playwright journeys: a fresh build and a fresh embedded database.
import { spawnSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The journeys test the build people get: the server runs with NODE_ENV=test, which must not turn
// React into its development build.
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
if (build.status !== 0) process.exit(build.status ?? 1);
const workDir = mkdtempSync(path.join(tmpdir(), 'yardly-e2e-'));
// Serve a private copy of the build, so a rebuild during the run cannot pull assets away.
const webRoot = path.join(workDir, 'web');
cpSync('dist/web', webRoot, { recursive: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.join(workDir, 'data'), WEB_ROOT: webRoot, SEED_DEMO: '1' },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
