import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'yardly-demo';
/** The seeded demo accounts; both teens have parental consent, so two journeys can each hold a lock. */
export const DEMO = {
  teen: 'teen@demo.yardly.app',
  secondTeen: 'teen2@demo.yardly.app',
  homeowner: 'homeowner@demo.yardly.app',
  coordinator: 'coordinator@demo.yardly.app',
  admin: 'admin@demo.yardly.app',
} as const;

/** The password of every freshPerson(). */
export const FRESH_PASSWORD = 'correct-horse-1';

/** A fresh identity per test, so journeys never share state. */
export function freshPerson(prefix = 'e2e') {
  const tag = randomUUID().slice(0, 8);
  return {
    fullName: `Test Person-${tag}`,
    username: `${prefix}_${tag}`,
    email: `${prefix}.${tag}@example.com`,
    password: FRESH_PASSWORD,
    zipCode: '02139',
  };
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
