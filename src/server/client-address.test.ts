import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from './plugins/rate-limit';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Over real sockets, not app.inject (which fakes the socket): Linux lets a client bind any 127.x.y.z,
 * so each source address below is a different machine as the server sees it.
 */
let running: TestApp | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function listen(env: Record<string, string>): Promise<number> {
  running = await createTestApp('pglite', env);
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  return (running.app.server.address() as AddressInfo).port;
}

let attempt = 0;
/** A failed sign-in to an account no one has (a new one each time, so only the address limit counts). */
function failSignIn(port: number, from: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ email: `nobody.${attempt++}@example.com`, password: 'wrong-password-1' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const LIMIT = LIMITS.signInPerAddress.limit;

/** Uses up what is left of an address's limit with failed sign-ins; every one of them is a plain 401. */
async function useUpTheLimit(port: number, from: string, forwardedFor: (i: number) => string | undefined, alreadyFailed = 0): Promise<void> {
  const statuses: number[] = [];
  for (let i = alreadyFailed; i < LIMIT; i++) statuses.push(await failSignIn(port, from, forwardedFor(i)));
  expect(statuses).toEqual(Array(LIMIT - alreadyFailed).fill(401));
}

describe('the client address', () => {
  it('is the socket\'s without TRUST_PROXY: a forged X-Forwarded-For, new on every attempt, does not escape the sign-in limit', async () => {
    // Production, as an operator runs it, with TRUST_PROXY unset.
    const port = await listen({ NODE_ENV: 'production', PUBLIC_URL: 'https://yardly.example' });
    await useUpTheLimit(port, '127.0.0.2', (i) => `198.51.100.${i + 1}`);
    expect(await failSignIn(port, '127.0.0.2', '198.51.100.250')).toBe(429);
    // The limit is the address's, not everyone's.
    expect(await failSignIn(port, '127.0.0.3')).toBe(401);
  });

  it('with TRUST_PROXY=1 is the address the one proxy in front saw, and a hop the client added is not trusted', async () => {
    const port = await listen({ TRUST_PROXY: '1' });
    await useUpTheLimit(port, '127.0.0.2', () => '203.0.113.7');
    expect(await failSignIn(port, '127.0.0.2', '203.0.113.7')).toBe(429);
    // The client put an address of its choice in front of the one the proxy appended: still 203.0.113.7.
    expect(await failSignIn(port, '127.0.0.2', '198.51.100.9, 203.0.113.7')).toBe(429);
    // Another client behind the same proxy has its own count, so the socket's address was not the key.
    expect(await failSignIn(port, '127.0.0.2', '203.0.113.8')).toBe(401);
  });

  it('with TRUST_PROXY=127.0.0.2 takes X-Forwarded-For from that proxy only', async () => {
    const port = await listen({ TRUST_PROXY: '127.0.0.2' });
    await useUpTheLimit(port, '127.0.0.2', () => '203.0.113.7');
    expect(await failSignIn(port, '127.0.0.2', '203.0.113.7')).toBe(429);
    expect(await failSignIn(port, '127.0.0.2', '203.0.113.8')).toBe(401);
    // The same header from a machine that is not the proxy is ignored: 127.0.0.3 has failed nothing yet.
    expect(await failSignIn(port, '127.0.0.3', '203.0.113.7')).toBe(401);
    await useUpTheLimit(port, '127.0.0.3', (i) => `198.51.100.${i + 1}`, 1);
    expect(await failSignIn(port, '127.0.0.3', '198.51.100.250')).toBe(429);
  });
});
