import { eq } from 'drizzle-orm';
import { NO_PARENT_LIMITS, type ParentLimits } from '../../../contract/safety';
import { checkLimitsLink } from '../../../domain/consent';
import { describeParentLimits, normalizeParentLimits } from '../../../domain/safety-rules/rules';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, firstRow } from '../../errors';
import { notify } from '../notifications/notifications.service';
import { findByToken } from './consent-token';

// A parent's own limits on their teen's work (issue 21), through the link of the consent they signed:
// the token is the credential, as for revoking, and the link keeps working after its 7 days for both.
// The safety rules apply them as the parent's layer, which can only tighten the law.

async function limitsOf(db: Executor, teenId: string): Promise<ParentLimits | null> {
  const rows = await db.select({ parentLimits: users.parentLimits }).from(users).where(eq(users.id, teenId));
  return firstRow(rows, `the teen ${teenId} of a consent request`).parentLimits;
}

/** Field by field: jsonb gives an object back with its keys in its own order. */
function sameLimits(a: ParentLimits | null, b: ParentLimits | null): boolean {
  const fields = (l: ParentLimits | null) => l && [l.maxHoursPerWeek, l.latestFinish, l.blockedCategories, l.noHardJobs];
  return JSON.stringify(fields(a)) === JSON.stringify(fields(b));
}

/** GET /api/parental-consent/{token}/limits: the parent's limits as they stand (none set: NO_PARENT_LIMITS). */
export async function viewParentLimits(ctx: AppContext, token: string): Promise<ParentLimits> {
  const row = await findByToken(ctx.db, token);
  const allowed = checkLimitsLink(row);
  if (!allowed.ok) throw new AppError(allowed.code, allowed.message);
  return (await limitsOf(ctx.db, row.teenId)) ?? NO_PARENT_LIMITS;
}

/**
 * PUT /api/parental-consent/{token}/limits: the parent sets their limits (all of them: a field left at
 * its empty value lifts that limit). The teen is notified when they change, in the same transaction.
 */
export async function setParentLimits(ctx: AppContext, token: string, limits: ParentLimits): Promise<ParentLimits> {
  const stored = normalizeParentLimits(limits);
  await ctx.db.transaction(async (tx) => {
    // The request is locked: a revocation at the same moment goes first or waits.
    const row = await findByToken(tx, token, true);
    const allowed = checkLimitsLink(row);
    if (!allowed.ok) throw new AppError(allowed.code, allowed.message);
    const before = await limitsOf(tx, row.teenId);
    if (sameLimits(before, stored)) return;
    await tx.update(users).set({ parentLimits: stored, updatedAt: ctx.clock.now() }).where(eq(users.id, row.teenId));
    const phrases = describeParentLimits(stored);
    await notify(tx, ctx, {
      userId: row.teenId,
      kind: 'work_limits_changed',
      title: 'Work limits updated',
      body: phrases.length
        ? `Your parent updated your work limits: ${phrases.join('; ')}.`
        : "Your parent removed their own work limits. The law's and Yardly's rules still apply.",
    });
  });
  ctx.mailer.kick();
  return stored ?? NO_PARENT_LIMITS;
}
