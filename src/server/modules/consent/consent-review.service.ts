import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HeldConsentAnswer, HeldConsentRequest } from '../../../contract/consent';
import { canReviewHeldConsent } from '../../../domain/access';
import { linkExpiresAt, statusAfterRefusal } from '../../../domain/consent';
import type { AppContext } from '../../context';
import { parentalConsents, users } from '../../db/schema';
import { firstRow, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { enqueueEmail } from '../email/mailer';
import { consentRequestEmail } from '../email/templates';
import { loadViewer } from '../jobs/job-viewer';
import { notify } from '../notifications/notifications.service';
import { earlierAnswerOf, transitionRequest, type RequestOrigin } from './consent-records';
import { newConsentToken } from './consent-token';

// Issue 20: a request to a new address after a parent answered waits here for the teen's area
// coordinator or an admin. Approved, its link is mailed (it was counted when the teen sent it);
// refused, nothing is mailed and the teen is told.

const HELD_LIST_LIMIT = 100;
const previousRequests = alias(parentalConsents, 'previous');

/** The held requests a coordinator (their area's teens) or an admin (all) answers, oldest first. */
export async function listHeldRequests(ctx: AppContext, user: SessionUser): Promise<HeldConsentRequest[]> {
  const viewer = await loadViewer(ctx.db, user);
  const where: SQL[] = [eq(parentalConsents.status, 'held')];
  if (viewer.role !== 'admin') {
    if (viewer.coordinatorZips.length === 0) return [];
    where.push(inArray(users.zipCode, viewer.coordinatorZips));
  }
  const rows = await ctx.db
    .select({ request: parentalConsents, teen: { id: users.id, fullName: users.fullName }, previous: previousRequests })
    .from(parentalConsents)
    .innerJoin(users, eq(users.id, parentalConsents.teenId))
    .leftJoin(previousRequests, eq(previousRequests.id, parentalConsents.previousConsentId))
    .where(and(...where))
    .orderBy(asc(parentalConsents.createdAt), asc(parentalConsents.id))
    .limit(HELD_LIST_LIMIT);
  return rows.map(({ request, teen, previous }) => ({
    id: request.id,
    teen,
    earlierParent: previous
      ? {
          name: previous.parentName,
          email: previous.parentEmail,
          phone: previous.parentPhone,
          answer: earlierAnswerOf(previous),
          answeredAt: (previous.revokedAt ?? previous.decidedAt ?? previous.createdAt).toISOString(),
        }
      : null,
    newParent: { name: request.parentName, email: request.parentEmail, phone: request.parentPhone },
    requestedAt: request.createdAt.toISOString(),
  }));
}

/**
 * A coordinator of the teen's area or an admin approves (the link is mailed, in this transaction,
 * through the outbox) or refuses (the teen's status goes back to the earlier parent's answer) a held
 * request. A request they may not answer is 404, like one that does not exist; the conditional
 * UPDATE in transitionRequest lets only one answer win, so approving twice mails once.
 */
export async function answerHeldRequest(ctx: AppContext, user: SessionUser, id: string, answer: HeldConsentAnswer, origin: RequestOrigin): Promise<{ message: string }> {
  const viewer = await loadViewer(ctx.db, user);
  const actor = viewer.role === 'admin' ? 'admin' : 'coordinator';
  const now = ctx.clock.now();
  const message = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ teenId: users.id, zipCode: users.zipCode, fullName: users.fullName })
      .from(parentalConsents)
      .innerJoin(users, eq(users.id, parentalConsents.teenId))
      .where(eq(parentalConsents.id, id));
    if (!found || !canReviewHeldConsent(viewer, found.zipCode)) throw notFound('No such consent request.');
    // Locked as a send locks it: a send replacing this request comes wholly before or after this answer.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, found.teenId)).for('update');
    const row = firstRow(await tx.select().from(parentalConsents).where(eq(parentalConsents.id, id)), `the consent request ${id}`);
    const reviewed = { reviewedBy: user.id, reviewedAt: now };
    if (answer === 'approve') {
      const { token, tokenHash } = newConsentToken(row.id);
      const expiresAt = linkExpiresAt(now);
      await transitionRequest(tx, row, 'release', actor, origin, now, { ...reviewed, tokenHash, expiresAt });
      await enqueueEmail(tx, consentRequestEmail(row.parentEmail, row.parentName, found.fullName, `${ctx.config.publicUrl}/consent/${token}`, expiresAt), now);
      await notify(tx, ctx, {
        userId: row.teenId,
        kind: 'consent_request_sent',
        title: 'Consent form sent',
        body: `Yardly checked your request and emailed the consent form to ${row.parentName}. You can accept jobs once they sign it.`,
      });
      return `Approved. The consent form is on its way to ${row.parentName}.`;
    }
    await transitionRequest(tx, row, 'refuse', actor, origin, now, reviewed);
    const [previous] = row.previousConsentId ? await tx.select({ status: parentalConsents.status }).from(parentalConsents).where(eq(parentalConsents.id, row.previousConsentId)) : [];
    await tx.update(users).set({ parentalConsentStatus: statusAfterRefusal(previous?.status ?? null), updatedAt: now }).where(eq(users.id, row.teenId));
    await notify(tx, ctx, {
      userId: row.teenId,
      kind: 'consent_request_refused',
      title: 'Consent request not sent',
      body: `Yardly did not send your consent request to ${row.parentName}. Talk with the parent or guardian who answered before, or contact support.`,
    });
    return `Refused. Nothing was sent to ${row.parentName}, and ${found.fullName} has been told.`;
  });
  ctx.mailer.kick();
  return { message };
}
