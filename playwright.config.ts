import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_SINK_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3125);
const MAIL_SINK_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT ?? 3025);

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
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
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
        // As behind a proxy: a journey's new person comes from an address of their own
        // (e2e/support/jobs.ts), as people do, so the journeys' sign-ups do not all count against
        // one address's sign-up limit. Requests without the header stay 127.0.0.1.
        TRUST_PROXY: '127.0.0.1',
      },
      reuseExistingServer: false,
    },
  ],
});
