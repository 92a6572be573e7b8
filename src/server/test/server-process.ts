import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the real entry point (src/main.ts) and waits until it is healthy. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; output: () => string; stop(): Promise<number | null>; kill(): Promise<void> }> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', WEB_ROOT: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server not healthy in time: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
    /** A crash: SIGKILL, no shutdown hooks, connections dropped mid-transaction. */
    kill: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

