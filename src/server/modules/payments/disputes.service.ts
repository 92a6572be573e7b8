import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Dispute, DisputeOutcome } from '../../../contract/payments';
import { canResolveDispute, jobRecordScope, type JobRecordScope } from '../../../domain/access';
import { centsToMoney, moneyToCents } from '../../../domain/format';
import { isValidPartialAmount } from '../../../domain/ledger';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { disputes, jobs } from '../../db/schema';
import { AppError, firstRow, notFound } from '../../errors';
import { recordAdminAction } from '../admin/audit-log';
import type { SessionUser } from '../auth/sessions';
import { transitionJob } from '../jobs/job-transitions';
import { loadViewer } from '../jobs/job-viewer';

type DisputeRow = typeof disputes.$inferSelect;
type JobFields = { title: string; payCents: number; status: Dispute['jobStatus'] };

const jobFields = { title: jobs.title, payCents: jobs.payCents, status: jobs.status };

function toDisputeDto(row: DisputeRow, job: JobFields): Dispute {
  return {
    id: row.id,
    jobId: row.jobId,
    jobTitle: job.title,
    payAmount: centsToMoney(job.payCents),
    jobStatus: job.status,
    status: row.status,
    reason: row.reason,
    teenStatement: row.teenStatement,
    outcome: row.outcome,
    teenAmount: row.teenAmountCents === null ? null : centsToMoney(row.teenAmountCents),
    openedBy: row.openedBy,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** The homeowner disputes completed or verified work instead of releasing payment; the pay stays held. */
export async function openDispute(ctx: AppContext, db: Executor, user: SessionUser, jobId: string, reason: string): Promise<Dispute> {
  return db.transaction(async (tx) => {
    const job = await transitionJob(ctx, tx, user, jobId, 'dispute');
    const opened = await tx.insert(disputes).values({ jobId, openedBy: user.id, reason, createdAt: ctx.clock.now() }).returning();
    return toDisputeDto(firstRow(opened, 'the opened dispute'), job);
  });
}

/**
 * The job's teen gives their side of an open dispute, once (issue 18): whoever settles it reads both.
 * One conditional UPDATE decides, so two at once write one statement.
 */
export async function giveTeenStatement(ctx: AppContext, user: SessionUser, disputeId: string, statement: string): Promise<Dispute> {
  const [found] = await ctx.db
    .select({ dispute: disputes, job: { ...jobFields, teenId: jobs.teenId } })
    .from(disputes)
    .innerJoin(jobs, eq(jobs.id, disputes.jobId))
    .where(eq(disputes.id, disputeId));
  if (!found || found.job.teenId !== user.id) throw notFound('Dispute not found');
  if (found.dispute.status !== 'open') throw new AppError('CONFLICT', 'This dispute has already been resolved.');
  const [written] = await ctx.db
    .update(disputes)
    .set({ teenStatement: statement, teenStatementAt: ctx.clock.now() })
    .where(and(eq(disputes.id, disputeId), eq(disputes.status, 'open'), isNull(disputes.teenStatement)))
    .returning();
  if (!written) throw new AppError('CONFLICT', 'Your side of this dispute is already recorded, or it was just resolved.');
  return toDisputeDto(written, found.job);
}

/**
 * The area's coordinator (or an admin) settles an open dispute: pay in full, pay part and refund
 * the rest, or refund. The outcome is recorded first, then the job's transition moves the money
 * (the ledger's job effect reads the outcome) in the same transaction. A second resolution finds
 * the dispute no longer open and is refused.
 */
export async function resolveDispute(
  ctx: AppContext,
  db: Executor,
  user: SessionUser,
  disputeId: string,
  input: { outcome: DisputeOutcome; teenAmount?: string | undefined },
): Promise<Dispute> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ dispute: disputes, job: { ...jobFields, zipCode: jobs.zipCode } })
      .from(disputes)
      .innerJoin(jobs, eq(jobs.id, disputes.jobId))
      .where(eq(disputes.id, disputeId));
    if (!found || !canResolveDispute(await loadViewer(tx, user), found.job)) throw notFound('Dispute not found');
    let teenAmountCents: number | null = null;
    if (input.outcome === 'partial') {
      teenAmountCents = moneyToCents(input.teenAmount ?? '');
      if (!isValidPartialAmount(found.job.payCents, teenAmountCents)) {
        const message = `A partial payment must be more than $0.00 and less than the pay of $${centsToMoney(found.job.payCents)}`;
        throw new AppError('VALIDATION_FAILED', `teenAmount: ${message}`, { teenAmount: message });
      }
    }
    const now = ctx.clock.now();
    const [resolved] = await tx
      .update(disputes)
      .set({ status: 'resolved', outcome: input.outcome, teenAmountCents, resolvedBy: user.id, resolvedAt: now })
      .where(and(eq(disputes.id, disputeId), eq(disputes.status, 'open')))
      .returning();
    if (!resolved) throw new AppError('CONFLICT', 'This dispute has already been resolved.');
    const job = await transitionJob(ctx, tx, user, resolved.jobId, input.outcome === 'refund' ? 'refund' : 'award');
    if (user.role === 'admin') {
      await recordAdminAction(tx, {
        actorId: user.id,
        at: now,
        target: { type: 'dispute', id: resolved.id },
        action: 'dispute.resolve',
        changes: {
          status: { from: 'open', to: 'resolved' },
          outcome: input.outcome,
          teenAmount: teenAmountCents === null ? null : centsToMoney(teenAmountCents),
          jobId: resolved.jobId,
        },
      });
    }
    return toDisputeDto(resolved, job);
  });
}

/** The access rules' scope of job records as a condition on the joined job. */
function scopeCondition(scope: JobRecordScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'area':
      return scope.zipCodes.length ? inArray(jobs.zipCode, [...scope.zipCodes]) : sql`false`;
    case 'homeowner':
      return eq(jobs.homeownerId, scope.homeownerId);
    case 'teen':
      return eq(jobs.teenId, scope.teenId);
  }
}

/** Disputes the caller may see: an admin all, a coordinator their area's, homeowners and teens their jobs'. */
export async function listDisputes(ctx: AppContext, user: SessionUser, status?: Dispute['status']): Promise<Dispute[]> {
  const where: SQL[] = [];
  if (status) where.push(eq(disputes.status, status));
  const inScope = scopeCondition(jobRecordScope(await loadViewer(ctx.db, user)));
  if (inScope) where.push(inScope);
  const rows = await ctx.db
    .select({ dispute: disputes, job: jobFields })
    .from(disputes)
    .innerJoin(jobs, eq(jobs.id, disputes.jobId))
    .where(and(...where))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(100);
  return rows.map((r) => toDisputeDto(r.dispute, r.job));
}
