// The one place that says which Chromium the browser tests and the benchmarks drive, and how.
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, then Debian's Chromium (design 3); undefined lets Playwright use its own browser. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(p));
}

/** Without these, Chromium on an offline machine hangs on network lookups and background updates. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
