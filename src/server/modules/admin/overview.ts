// The admin's overview (issue 18): people, jobs, money and mail at a glance, each from its table.
import { count, eq, min, sql } from 'drizzle-orm';
import { EMAIL_STATUSES } from '../../../contract/email';
import type { AdminOverview, MoneyTotals } from '../../../contract/admin';
import { ROLES } from '../../../contract/constants';
import { JOB_STATUSES } from '../../../contract/job-constants';
import { centsToMoney } from '../../../domain/format';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { disputes, jobs, ledgerEntries, outboxEmails, users } from '../../db/schema';
import { listRecentEmails } from '../email/mailer';

/** Zero for every key, then the counts a GROUP BY found. */
function countsBy<K extends string>(keys: readonly K[], rows: { key: K; n: number }[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) counts[row.key] = row.n;
  return counts;
}

/**
 * The ledger's sums (design 5: balances are sums of entries, never stored): what homeowners paid into
 * escrow, what reached teens' wallets, what went back to homeowners, the platform's fees, and what
 * escrow holds now. "This month" starts at midnight on the first in the service's time zone.
 */
async function moneyOf(db: Executor, now: Date, timezone: string): Promise<AdminOverview['money']> {
  const { account, amountCents: amount, createdAt } = ledgerEntries;
  const monthStart = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timezone}) at time zone ${timezone})`;
  const sumWhere = (condition: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${amount}) filter (where ${condition}), 0)::text`;
  const totals = (within: ReturnType<typeof sql>) => ({
    held: sumWhere(sql`${account} = 'escrow' and ${amount} > 0 and ${within}`),
    released: sumWhere(sql`${account} = 'teen_wallet' and ${within}`),
    refunded: sumWhere(sql`${account} = 'funding' and ${amount} > 0 and ${within}`),
    fees: sumWhere(sql`${account} = 'platform_fees' and ${within}`),
  });
  const [row] = await db
    .select({
      inEscrow: sumWhere(sql`${account} = 'escrow'`),
      month: totals(sql`${createdAt} >= ${monthStart}`),
      total: totals(sql`true`),
    })
    .from(ledgerEntries);
  const dollars = (cents: string | undefined) => centsToMoney(Number(cents ?? 0));
  const asMoney = (sums: Record<keyof MoneyTotals, string> | undefined): MoneyTotals => ({
    held: dollars(sums?.held),
    released: dollars(sums?.released),
    refunded: dollars(sums?.refunded),
    fees: dollars(sums?.fees),
  });
  return { inEscrow: dollars(row?.inEscrow), thisMonth: asMoney(row?.month), total: asMoney(row?.total) };
}

export async function getOverview(ctx: AppContext, recentEmails: number): Promise<AdminOverview> {
  const db = ctx.db;
  const [roles, suspended, statuses, money, openDisputes, pendingConsents, mail, oldestPending, recent] = await Promise.all([
    db.select({ key: users.role, n: count() }).from(users).groupBy(users.role),
    db.select({ n: count() }).from(users).where(eq(users.status, 'suspended')),
    db.select({ key: jobs.status, n: count() }).from(jobs).groupBy(jobs.status),
    moneyOf(db, ctx.clock.now(), ctx.config.timezone),
    db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'open')),
    db.select({ n: count() }).from(users).where(sql`${users.role} = 'teen' and ${users.parentalConsentStatus} = 'pending'`),
    db.select({ key: outboxEmails.status, n: count() }).from(outboxEmails).groupBy(outboxEmails.status),
    db.select({ at: min(outboxEmails.createdAt) }).from(outboxEmails).where(eq(outboxEmails.status, 'pending')),
    listRecentEmails(db, recentEmails),
  ]);
  return {
    usersByRole: countsBy(ROLES, roles),
    suspendedUsers: suspended[0]?.n ?? 0,
    jobsByStatus: countsBy(JOB_STATUSES, statuses),
    money,
    openDisputes: openDisputes[0]?.n ?? 0,
    pendingConsents: pendingConsents[0]?.n ?? 0,
    mail: { byStatus: countsBy(EMAIL_STATUSES, mail), oldestPendingAt: oldestPending[0]?.at?.toISOString() ?? null },
    emailDelivery: ctx.mailer.delivery,
    recentEmails: recent,
  };
}
