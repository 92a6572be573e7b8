// People (issue 18): the admin finds a person and opens them. Lists never carry a teen's date of
// birth; it is shown only on the consent evidence.
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminUserDetail, AdminUserList, AdminUsersQuery } from '../../../contract/admin';
import { centsToMoney } from '../../../domain/format';
import type { Executor } from '../../db/client';
import { encodeCursor, olderThan } from '../../db/keyset-cursor';
import { containing } from '../../db/like-pattern';
import { coordinatorZipCodes, jobs, ledgerEntries, ledgerTransactions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { ADMIN_USER_COLUMNS, toAdminUserSummary } from './admin-users';
import { auditEntriesOn } from './audit-log';

export const PEOPLE_PAGE_SIZE = 50;
/** How many of a person's jobs, payments and admin actions their page shows, newest first. */
export const PERSON_HISTORY = 50;

/** Every word of the query somewhere in the name, the email or the username, in any case. */
function searchCondition(query: string): SQL | undefined {
  const words = query.split(/\s+/).filter(Boolean);
  const inAPerson = (word: string) => {
    const pattern = containing(word);
    return or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.username, pattern))!;
  };
  return words.length ? and(...words.map(inAPerson)) : undefined;
}

/** People newest first, filtered by a search, a role and a status, a page at a time (keyset cursor). */
export async function listPeople(db: Executor, filter: AdminUsersQuery): Promise<AdminUserList> {
  const where: (SQL | undefined)[] = [];
  if (filter.query) where.push(searchCondition(filter.query));
  if (filter.role) where.push(eq(users.role, filter.role));
  if (filter.status) where.push(eq(users.status, filter.status));
  if (filter.cursor) where.push(olderThan(filter.cursor, users));
  const rows = await db
    .select(ADMIN_USER_COLUMNS)
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PEOPLE_PAGE_SIZE + 1);
  const page = rows.slice(0, PEOPLE_PAGE_SIZE);
  const last = page.at(-1);
  return { users: page.map(toAdminUserSummary), nextCursor: rows.length > PEOPLE_PAGE_SIZE && last ? encodeCursor(last) : null };
}

/** One person: their account, area, jobs, payments and the admin acts taken on them. */
export async function getPerson(db: Executor, userId: string): Promise<AdminUserDetail> {
  const [row] = await db.select(ADMIN_USER_COLUMNS).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  const [areas, jobRows, paymentRows, actions] = await Promise.all([
    db.select({ zipCode: coordinatorZipCodes.zipCode }).from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, userId)).orderBy(coordinatorZipCodes.zipCode),
    db
      .select({ id: jobs.id, title: jobs.title, status: jobs.status, payCents: jobs.payCents, zipCode: jobs.zipCode, homeownerId: jobs.homeownerId, createdAt: jobs.createdAt })
      .from(jobs)
      .where(or(eq(jobs.homeownerId, userId), eq(jobs.teenId, userId)))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(PERSON_HISTORY),
    db
      .select({
        jobId: ledgerEntries.jobId,
        jobTitle: jobs.title,
        movement: ledgerTransactions.movement,
        account: ledgerEntries.account,
        amountCents: ledgerEntries.amountCents,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(jobs, eq(jobs.id, ledgerEntries.jobId))
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(PERSON_HISTORY),
    auditEntriesOn(db, 'user', userId, PERSON_HISTORY),
  ]);
  return {
    user: toAdminUserSummary(row),
    coordinatorZipCodes: areas.map((a) => a.zipCode),
    jobs: jobRows.map((j) => ({
      id: j.id,
      title: j.title,
      status: j.status,
      payAmount: centsToMoney(j.payCents),
      zipCode: j.zipCode,
      as: j.homeownerId === userId ? ('homeowner' as const) : ('teen' as const),
      createdAt: j.createdAt.toISOString(),
    })),
    payments: paymentRows.map((p) => ({
      jobId: p.jobId,
      jobTitle: p.jobTitle,
      movement: p.movement,
      // Only a homeowner's card and a teen's wallet carry a person (ledger_entries_owner).
      account: p.account === 'funding' ? ('funding' as const) : ('teen_wallet' as const),
      amount: `${p.amountCents < 0 ? '-' : ''}${centsToMoney(Math.abs(p.amountCents))}`,
      at: p.createdAt.toISOString(),
    })),
    actions,
  };
}
