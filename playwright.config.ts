import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium';
import { middayZone } from './src/domain/midday-zone';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_SINK_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3125);
const MAIL_SINK_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT ?? 3025);

/**
 * The server's TIMEZONE and the phones' zone: one in which it is now about noon (11:30 AM-12:30 PM,
 * a fixed-offset Etc/GMT zone; middayZone). Starting a job is allowed only in the work hours of
 * TIMEZONE (Yardly's 6 AM-8 PM; 7 AM-7 PM, or 9 PM in summer, under 16) and the server has no test
 * clock, so in the default America/New_York the journeys that start a job ran whole only in Boston's
 * daytime. At noon the latest start of a journey's job (the 15-year-old's 90 minutes by 5:30 PM, the
 * 16-year-old's 2 hours by 6 PM) is 5 hours away, far beyond a run of a few minutes (20 on a loaded
 * machine), and midnight 11 hours away: the run keeps one local day. That day, the zone's today, may
 * be a school day or not, which the journeys do not depend on: a 15-year-old's 3 hours on a school day
 * hold the one 90-minute job a run has him do, and every limit the journeys show (the Work hours card)
 * is there on either kind of day. src/domain/midday-zone.test.ts checks all this at every quarter hour
 * of a UTC day. Chosen once, by the runner: its workers load this file again and inherit
 * E2E_TIMEZONE, so they use the zone the server runs in. Set E2E_TIMEZONE to run in another zone.
 */
const TIMEZONE = (process.env.E2E_TIMEZONE ||= middayZone(new Date()));

/** Design 3: CHROMIUM_PATH, then Debian's Chromium, then Playwright's own browser if installed. */
function chromiumPath(): string | undefined {
  const found = findChromium();
  if (!found && !process.env.PLAYWRIGHT_BROWSERS_PATH) {
    console.warn('No Chromium found. Install one (apt-get install chromium) or set CHROMIUM_PATH; falling back to Playwright\'s browser.');
  }
  return found;
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    timezoneId: TIMEZONE,
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      // The contexts journeys open themselves (browser.newContext) do not get `use`: the browser's
      // own zone is the same, so every screen shows the server's day and time.
      env: { ...process.env, TZ: TIMEZONE },
    },
  },
  projects: [{ name: 'phone', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `tsx e2e/support/mail-sink.ts`,
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages`,
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT), MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT) },
      reuseExistingServer: false,
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        TIMEZONE,
        // As behind a proxy: a journey's new person comes from an address of their own
        // (e2e/support/jobs.ts), as people do, so the journeys' sign-ups do not all count against
        // one address's sign-up limit. Requests without the header stay 127.0.0.1.
        TRUST_PROXY: '127.0.0.1',
      },
      reuseExistingServer: false,
    },
  ],
});
