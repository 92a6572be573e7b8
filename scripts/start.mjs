// `npm start`: builds the web client when it is missing or older than its sources, then serves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const BUILT = 'dist/web/landing.html';
const SOURCES = ['src/web', 'src/ssr', 'src/contract', 'src/domain', 'vite.config.ts', 'package.json', 'scripts/prerender.tsx'];

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const stale = !existsSync(BUILT) || SOURCES.filter(existsSync).some((s) => newestMtime(s) > statSync(BUILT).mtimeMs);
if (stale) {
  console.log('Building the web client...');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
