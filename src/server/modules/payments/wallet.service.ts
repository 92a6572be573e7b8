import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { PENDING_LABELS, RECENT_TRANSACTIONS, type Wallet } from '../../../contract/payments';
import { centsToMoney } from '../../../domain/format';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { jobs, ledgerEntries, ledgerTransactions, users } from '../../db/schema';
import { notFound } from '../../errors';

/** Whose side of the ledger a wallet shows: a teen's wallet account, or a homeowner's jobs. */
type Side = { role: 'teen'; userId: string } | { role: 'homeowner'; userId: string };

/** The entries that count as this person's money: earned (teen) or paid out of escrow (homeowner). */
function sideEntries(side: Side): SQL {
  return side.role === 'teen'
    ? and(eq(ledgerEntries.account, 'teen_wallet'), eq(ledgerEntries.userId, side.userId))!
    : and(inArray(ledgerEntries.account, ['teen_wallet', 'platform_fees']), eq(jobs.homeownerId, side.userId))!;
}

const sideJobs = (side: Side): SQL => (side.role === 'teen' ? eq(jobs.teenId, side.userId) : eq(jobs.homeownerId, side.userId));

/** Total and This Month (spec 9: a paid job counts in the month of its completedAt, else createdAt). */
async function totals(db: Executor, side: Side, now: Date, timezone: string): Promise<{ total: number; thisMonth: number }> {
  const month = (at: SQL | typeof jobs.createdAt) => sql`date_trunc('month', ${at} at time zone ${timezone})`;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int`,
      thisMonth: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${month(sql`coalesce(${jobs.completedAt}, ${jobs.createdAt})`)} = ${month(sql`${now.toISOString()}::timestamptz`)}), 0)::int`,
    })
    .from(ledgerEntries)
    .innerJoin(jobs, eq(jobs.id, ledgerEntries.jobId))
    .where(sideEntries(side));
  return { total: row?.total ?? 0, thisMonth: row?.thisMonth ?? 0 };
}

/** The homeowner dashboard's Total Spent: what left escrow for their jobs (teen share and fee). */
export async function spentCents(db: Executor, homeownerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(jobs, eq(jobs.id, ledgerEntries.jobId))
    .where(sideEntries({ role: 'homeowner', userId: homeownerId }));
  return row?.total ?? 0;
}

async function heldCents(db: Executor, homeownerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(jobs, eq(jobs.id, ledgerEntries.jobId))
    .where(and(eq(ledgerEntries.account, 'escrow'), eq(jobs.homeownerId, homeownerId)));
  return row?.total ?? 0;
}

/** Spec 2: the latest paid jobs, each with what the caller's side received or paid. */
async function recentTransactions(db: Executor, side: Side) {
  const amountOf = (account: 'teen_wallet' | 'platform_fees' | 'funding') =>
    sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = ${account}), 0)::int`;
  const rows = await db
    .select({
      jobId: jobs.id,
      title: jobs.title,
      payCents: jobs.payCents,
      paidAt: ledgerTransactions.createdAt,
      teenCents: amountOf('teen_wallet'),
      feeCents: amountOf('platform_fees'),
      refundedCents: amountOf('funding'),
    })
    .from(ledgerTransactions)
    .innerJoin(jobs, eq(jobs.id, ledgerTransactions.jobId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(ne(ledgerTransactions.movement, 'hold'), eq(jobs.status, 'paid'), sideJobs(side)))
    .groupBy(ledgerTransactions.id, jobs.id)
    .orderBy(desc(ledgerTransactions.createdAt), desc(jobs.id))
    .limit(RECENT_TRANSACTIONS);
  return rows.map((r) => ({
    jobId: r.jobId,
    title: r.title,
    payAmount: centsToMoney(r.payCents),
    amount: centsToMoney(side.role === 'teen' ? r.teenCents : r.teenCents + r.feeCents),
    feeAmount: centsToMoney(r.feeCents),
    refundedAmount: centsToMoney(r.refundedCents),
    paidAt: r.paidAt.toISOString(),
    description: 'Payment completed' as const,
  }));
}

/** Spec 2: completed and verified jobs, labelled 'Awaiting verification' and 'Awaiting payment'. */
async function pendingPayments(db: Executor, side: Side) {
  const rows = await db
    .select({ jobId: jobs.id, title: jobs.title, payCents: jobs.payCents, status: jobs.status })
    .from(jobs)
    .where(and(sideJobs(side), inArray(jobs.status, ['completed', 'verified'])))
    .orderBy(desc(jobs.completedAt), desc(jobs.id));
  return rows.map((r) => {
    const status = r.status as 'completed' | 'verified';
    return { jobId: r.jobId, title: r.title, payAmount: centsToMoney(r.payCents), status, label: PENDING_LABELS[status], payCents: r.payCents };
  });
}

/** Wallet (teens) or Payments (homeowners), all from the ledger. */
export async function getWallet(ctx: AppContext, userId: string): Promise<Wallet> {
  const [user] = await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user || (user.role !== 'teen' && user.role !== 'homeowner')) throw notFound('Only teens and homeowners have a wallet.');
  const side: Side = { role: user.role, userId };
  const [sums, recent, pending, held] = await Promise.all([
    totals(ctx.db, side, ctx.clock.now(), ctx.config.timezone),
    recentTransactions(ctx.db, side),
    pendingPayments(ctx.db, side),
    side.role === 'homeowner' ? heldCents(ctx.db, userId) : Promise.resolve(0),
  ]);
  return {
    userId,
    role: side.role,
    total: centsToMoney(sums.total),
    thisMonth: centsToMoney(sums.thisMonth),
    pending: centsToMoney(pending.reduce((sum, p) => sum + p.payCents, 0)),
    held: centsToMoney(held),
    platformFeePercent: ctx.config.platformFeePercent,
    pendingPayments: pending.map(({ payCents: _payCents, ...rest }) => rest),
    recentTransactions: recent,
  };
}
