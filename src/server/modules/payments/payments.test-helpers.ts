import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Wallet } from '../../../contract/payments';
import type { Database } from '../../db/client';
import { ledgerEntries, ledgerTransactions, type PaymentCallKind } from '../../db/schema';
import { firstRow } from '../../errors';
import { caller, NOON_BOSTON, signInCast, type Cast } from '../../test/job-flow';
import { expectLedgerConsistent, rowsOf } from '../../test/ledger-invariants';
import type { PaymentProvider } from './payment-provider';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';

export { NOON_BOSTON };
export const HOUR = 3600_000;

type Call = ReturnType<typeof caller>;

/** The app and the people of a payments API test file. */
export interface PaymentsApi {
  t: TestApp;
  /** The homeowner, an approved teen and the coordinator of the job's ZIP (02139). */
  cast: Cast;
  ids: { homeowner: string; teen: string };
  otherHomeowner: string;
  /** Serves 02141, not the jobs' ZIP. */
  otherCoordinator: string;
  admin: string;
  call: Call;
  /** A job's ledger as [movement, account, cents], in the order the money moved. */
  movementsOf(jobId: string): Promise<(readonly [string, string, number])[]>;
  /** GET /api/wallet/{userId}, which must answer 200. */
  wallet(userId: string, cookie: string): Promise<Wallet>;
  release(jobId: string, cookie?: string, idempotencyKey?: string): ReturnType<Call>;
  /** `reason` null sends no reason at all. */
  dispute(jobId: string, reason?: unknown, cookie?: string): ReturnType<Call>;
  resolve(disputeId: string, body: unknown, cookie?: string): ReturnType<Call>;
}

/**
 * Registers the hooks of a payments API test file: one fresh app whose clock stands at noon in Boston
 * before each test, and at the end a check that the ledger still balances. The fields are filled in
 * by beforeAll; the methods read them when called, so they may be destructured at once.
 */
export function usePaymentsApi(kind: 'pglite' | 'postgres'): PaymentsApi {
  const api = {
    call: (...args: Parameters<Call>) => caller(api.t)(...args),
    async movementsOf(jobId: string) {
      const rows = await api.t.database.db
        .select({ movement: ledgerTransactions.movement, account: ledgerEntries.account, amount: ledgerEntries.amountCents })
        .from(ledgerTransactions)
        .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
        .where(eq(ledgerTransactions.jobId, jobId))
        .orderBy(ledgerTransactions.createdAt, sql`${ledgerTransactions.movement} = 'hold' desc`, ledgerEntries.account);
      return rows.map((r) => [r.movement, r.account, r.amount] as const);
    },
    async wallet(userId: string, cookie: string): Promise<Wallet> {
      const response = await api.call('GET', `/api/wallet/${userId}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    release: (jobId: string, cookie = api.cast.homeowner, idempotencyKey?: string) =>
      api.call('POST', `/api/jobs/${jobId}/release-payment`, cookie, {}, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    dispute: (jobId: string, reason: unknown = 'The back half was not raked.', cookie = api.cast.homeowner) =>
      api.call('POST', `/api/jobs/${jobId}/dispute`, cookie, reason === null ? {} : { reason }),
    resolve: (disputeId: string, body: unknown, cookie = api.cast.coordinator) => api.call('POST', `/api/disputes/${disputeId}/resolve`, cookie, body),
  } as PaymentsApi;

  beforeAll(async () => {
    const t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    api.t = t;
    Object.assign(api, await signInCast(t));
    api.otherHomeowner = (await signUp(t, 'homeowner')).cookie;
    api.otherCoordinator = (await signInAs(t, 'coordinator', { coordinatorZips: ['02141'] })).cookie;
    api.admin = (await signInAs(t, 'admin')).cookie;
  });
  beforeEach(() => api.t.clock.set(NOON_BOSTON));
  afterAll(async () => {
    await expectLedgerConsistent(api.t.database.db);
    await api.t.close();
  });
  return api;
}

export interface ProviderCall {
  kind: PaymentCallKind;
  jobId: string;
  amountCents: number;
  idempotencyKey: string;
  holdReference: string | null;
  /** Whether any transaction on the app's database was open when the provider was called. */
  transactionOpen: boolean;
}

/** Is a transaction open on this database? PGlite says so itself; on PostgreSQL, a session is idle in one. */
async function isTransactionOpen(database: Database): Promise<boolean> {
  if (database.pglite) return database.pglite.isInTransaction();
  const query = sql`select count(*)::int as open from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
  return Number(firstRow(await rowsOf<{ open: unknown }>(database.db.execute(query)), 'the count of open transactions').open) > 0;
}

/**
 * A payment provider double that behaves like a card network: a key is charged once, and the same
 * key always gets the same reference. `beforeCharge` may throw (the network is down or says no:
 * nothing is charged); `afterCharge` may never resolve (the caller dies with the money taken).
 */
export function fakeCardNetwork(
  database: Database,
  behaviour: { beforeCharge?: (call: ProviderCall) => Promise<void>; afterCharge?: (call: ProviderCall) => Promise<void> } = {},
): { provider: PaymentProvider; calls: ProviderCall[]; charged: Map<string, string> } {
  const calls: ProviderCall[] = [];
  const charged = new Map<string, string>();
  const handle = async (kind: PaymentCallKind, input: Omit<ProviderCall, 'kind' | 'transactionOpen' | 'holdReference'> & { holdReference?: string | null }) => {
    const call: ProviderCall = {
      kind,
      jobId: input.jobId,
      amountCents: input.amountCents,
      idempotencyKey: input.idempotencyKey,
      holdReference: input.holdReference ?? null,
      transactionOpen: await isTransactionOpen(database),
    };
    calls.push(call);
    await behaviour.beforeCharge?.(call);
    const reference = charged.get(call.idempotencyKey) ?? `fake:${kind}:${charged.size + 1}`;
    charged.set(call.idempotencyKey, reference);
    await behaviour.afterCharge?.(call);
    return { reference };
  };
  return { provider: { name: 'fake', hold: (input) => handle('hold', input), refund: (input) => handle('refund', input) }, calls, charged };
}
