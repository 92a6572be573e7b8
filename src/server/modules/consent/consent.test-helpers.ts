import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TeenConsent } from '../../../contract/consent';
import type { NotificationList } from '../../../contract/notifications';
import { outboxEmails, users } from '../../db/schema';
import { firstRow } from '../../errors';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';
import { NOON_BOSTON } from '../../test/job-flow';

export { NOON_BOSTON };
export const DAY = 24 * 3600 * 1000;
/** 16 on the day of the tests. */
export const TEEN_BIRTHDAY = '2010-03-02';

export type Person = Awaited<ReturnType<typeof signInAs>>;

let parentCounter = 0;
/** A valid send payload with a parent email no other test uses. */
export const parentDetails = (overrides: Record<string, unknown> = {}) => ({
  parentName: 'Rosa Lopez',
  parentEmail: `parent.${Date.now().toString(36)}${parentCounter++}@example.com`,
  parentPhone: '(617) 555-0142',
  ...overrides,
});

type CallOptions = { cookie?: string; payload?: unknown; headers?: Record<string, string>; ip?: string };
type Reply = ReturnType<TestApp['app']['inject']>;
type UserRow = typeof users.$inferSelect;

/** The app and the people of a consent API test file. */
export interface ConsentApi {
  t: TestApp;
  homeowner: Person;
  admin: Person;
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Reply;
  /** The token of the newest consent link mailed to `to` (the outbox is the mail, before delivery). */
  tokenMailedTo(to: string): Promise<string>;
  /** The teen asks `details`' parent for consent, which must answer 201. */
  send(teen: Person, details?: ReturnType<typeof parentDetails>): Promise<{ details: ReturnType<typeof parentDetails>; token: string; body: { consent: TeenConsent } }>;
  /** The parent signs from 203.0.113.7 for a teen born on TEEN_BIRTHDAY, unless `payload` says otherwise. */
  sign(token: string, payload?: Record<string, unknown>, headers?: Record<string, string>): Reply;
  teenRow(id: string): Promise<UserRow>;
  /** A new teen with this full name, through sign-up (teens made by signInAs have generated names). */
  teenNamed(fullName: string): Promise<Person>;
  /** The teen's notifications as [kind, title, body], newest first, through their own API. */
  noticesOf(teen: Person): Promise<string[][]>;
}

/**
 * Registers the hooks of a consent API test file: one fresh app at noon in Boston whose links point
 * at https://yardly.example, with a homeowner and an admin. The fields are filled in by beforeAll;
 * the methods read them when called, so they may be destructured at once.
 */
export function useConsentApi(kind: 'pglite' | 'postgres'): ConsentApi {
  const api = {
    call: (method: 'GET' | 'POST', url: string, options: CallOptions = {}) =>
      api.t.app.inject({
        method,
        url,
        headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
        ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
        ...(options.ip ? { remoteAddress: options.ip } : {}),
      }),
    async tokenMailedTo(to: string) {
      const [mail] = await api.t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(desc(outboxEmails.createdAt)).limit(1);
      const token = /\/consent\/(\S+)/.exec(mail?.textBody ?? '')?.[1];
      if (!token) throw new Error(`no consent link mailed to ${to}`);
      return token;
    },
    async send(teen: Person, details = parentDetails()) {
      const response = await api.call('POST', '/api/parental-consent/send', { cookie: teen.cookie, payload: details });
      expect(response.statusCode, response.body).toBe(201);
      return { details, token: await api.tokenMailedTo(details.parentEmail), body: response.json<{ consent: TeenConsent }>() };
    },
    sign: (token: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      api.call('POST', `/api/parental-consent/${token}/sign`, { payload: { signatureName: 'Rosa Lopez', teenDateOfBirth: TEEN_BIRTHDAY, agree: true, ...payload }, headers, ip: '203.0.113.7' }),
    async teenNamed(fullName: string) {
      const { user, cookie, payload } = await signUp(api.t, 'teen', { fullName });
      return { user, cookie, email: payload.email };
    },
    teenRow: async (id: string) => firstRow(await api.t.database.db.select().from(users).where(eq(users.id, id)), 'the teen'),
    noticesOf: async (teen: Person) =>
      (await api.call('GET', `/api/notifications/${teen.user.id}`, { cookie: teen.cookie })).json<NotificationList>().notifications.map((n) => [n.kind, n.title, n.body]),
  } as ConsentApi;

  beforeAll(async () => {
    const t = await createTestApp(kind, { PUBLIC_URL: 'https://yardly.example' });
    t.clock.set(NOON_BOSTON);
    api.t = t;
    api.homeowner = await signInAs(t, 'homeowner');
    api.admin = await signInAs(t, 'admin');
  });
  afterAll(() => api.t.close());
  return api;
}
