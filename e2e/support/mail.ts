import { expect } from '@playwright/test';
import { decodeQuotedPrintable } from '../../src/server/test/smtp';

const MAIL_HTTP = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 3125}`;

/** Waits for the newest message to `to` and returns its decoded text. */
export async function waitForMail(to: string, subjectIncludes: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL_HTTP}/messages?to=${encodeURIComponent(to)}`);
        const list = (await response.json()) as { raw: string }[];
        const match = list.reverse().find((m) => m.raw.includes(subjectIncludes));
        found = match ? decodeQuotedPrintable(match.raw) : '';
        return found !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

/** The first link in a message that starts with `prefix`. */
export function linkIn(message: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(message);
  if (!match) throw new Error(`No link starting with ${prefix} in the message`);
  return match[0].replace(/&amp;/g, '&');
}
