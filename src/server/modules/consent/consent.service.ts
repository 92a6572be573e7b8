import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { User } from '../../../contract/auth';
import type { ConsentEvidence, ConsentRequestStatus, TeenConsent } from '../../../contract/consent';
import type { ConsentStatus } from '../../../contract/constants';
import { canActAs } from '../../../domain/access';
import { canSendConsent, checkParentEmail, isLinkExpired, linkExpiresAt, mustHoldRequest } from '../../../domain/consent';
import { maskEmail } from '../../../domain/mailbox';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { consentSignatures, parentalConsentEvents, parentalConsents, users } from '../../db/schema';
import { AppError, firstRow, forbidden, notFound } from '../../errors';
import { LIMITS, takeToken } from '../../plugins/rate-limit';
import { toUserDto } from '../auth/auth.service';
import type { SessionUser } from '../auth/sessions';
import { enqueueEmail } from '../email/mailer';
import { consentRequestedElsewhereEmail, consentRequestEmail } from '../email/templates';
import { appendEvent, earlierAnswerOf, transitionRequest, type ConsentRow, type RequestOrigin } from './consent-records';
import { newConsentToken } from './consent-token';

// The teen's side of consent: sending (or resending) the request, its status; and the admins' evidence.

/**
 * The teen's consent as the job rules must see it now: read inside the caller's transaction and
 * share-locked, so a revocation committed a moment ago counts, and one racing with this
 * transaction waits for it to finish.
 */
export async function hasApprovedConsent(tx: Executor, teenId: string): Promise<boolean> {
  const [row] = await tx.select({ status: users.parentalConsentStatus }).from(users).where(eq(users.id, teenId)).for('share');
  return row?.status === 'approved';
}

function toTeenConsent(status: ConsentStatus, row: ConsentRow | undefined, now: Date): TeenConsent {
  return {
    status,
    request: row
      ? {
          id: row.id,
          status: row.status,
          parentName: row.parentName,
          parentEmail: row.parentEmail,
          parentPhone: row.parentPhone,
          sentAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          expired: row.status === 'pending' && isLinkExpired(row.expiresAt, now),
          decidedAt: row.decidedAt?.toISOString() ?? null,
          revokedAt: row.revokedAt?.toISOString() ?? null,
        }
      : null,
  };
}

async function latestRequest(db: Executor, teenId: string): Promise<ConsentRow | undefined> {
  const [row] = await db.select().from(parentalConsents).where(eq(parentalConsents.teenId, teenId)).orderBy(desc(parentalConsents.createdAt)).limit(1);
  return row;
}

export async function getTeenConsent(ctx: AppContext, teenId: string): Promise<TeenConsent> {
  const [teen] = await ctx.db.select({ role: users.role, status: users.parentalConsentStatus }).from(users).where(eq(users.id, teenId));
  if (!teen || teen.role !== 'teen') throw notFound('No such teen.');
  return toTeenConsent(teen.status, await latestRequest(ctx.db, teenId), ctx.clock.now());
}

export interface SendConsentInput {
  teenId?: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
}

/** Issue 20: the count is per day, so the message says so (the shared limiter's message speaks of minutes). */
const CONSENT_LIMIT_MESSAGE = `You can send at most ${LIMITS.consentEmailsPerTeen.limit} consent emails a day. Please try again later, or ask your coordinator for help.`;

/**
 * Spec 7: the teen sends the parent's details; the parent gets a single-use link by email. Sending
 * again (to resend or correct the address) supersedes the live request, so its link stops working.
 * Issue 20: once a parent has answered, a request to another address is held for the area's
 * coordinator or an admin (consent-review.service), and the parent who answered is told at once.
 */
export async function sendConsentRequest(ctx: AppContext, teen: SessionUser, input: SendConsentInput, origin: RequestOrigin): Promise<{ consent: TeenConsent; user: User }> {
  if (input.teenId && !canActAs(teen, input.teenId)) throw forbidden('You can only ask consent for yourself.');
  const notOwn = checkParentEmail(input.parentEmail, teen.email);
  if (!notOwn.ok) throw new AppError(notOwn.code, notOwn.message, { parentEmail: notOwn.message });
  const now = ctx.clock.now();
  const { id, token, tokenHash } = newConsentToken();
  const expiresAt = linkExpiresAt(now);
  try {
    const result = await ctx.db.transaction(async (tx) => {
      // Counted first, in the transaction: concurrent sends each get their own count, and a send
      // that fails rolls its count back with it.
      if (!(await takeToken(tx, LIMITS.consentEmailsPerTeen, teen.id, now))) throw new AppError('RATE_LIMITED', CONSENT_LIMIT_MESSAGE);
      const fresh = firstRow(await tx.select().from(users).where(eq(users.id, teen.id)).for('update'), `the signed-in teen ${teen.id}`);
      const allowed = canSendConsent(fresh.parentalConsentStatus);
      if (!allowed.ok) throw new AppError(allowed.code, allowed.message);
      // A teen has a handful of requests (the limit above): read them all, newest first.
      const earlier = await tx.select().from(parentalConsents).where(eq(parentalConsents.teenId, teen.id)).orderBy(desc(parentalConsents.createdAt));
      for (const row of earlier.filter((r) => r.status === 'pending' || r.status === 'held')) await transitionRequest(tx, row, 'supersede', 'teen', origin, now);
      const answered = earlier.filter((r) => r.decidedAt !== null);
      const previous = mustHoldRequest(input.parentEmail, answered.map((r) => r.parentEmail)) ? answered[0]! : null;
      const status = previous ? 'held' : 'pending';
      const [created] = await tx
        .insert(parentalConsents)
        .values({ id, teenId: teen.id, parentName: input.parentName, parentEmail: input.parentEmail, parentPhone: input.parentPhone, tokenHash, status, createdAt: now, expiresAt, previousConsentId: previous?.id ?? null })
        .returning();
      await appendEvent(tx, id, previous ? 'hold' : 'send', null, status, 'teen', origin, now);
      const user = firstRow(await tx.update(users).set({ parentalConsentStatus: 'pending', updatedAt: now }).where(eq(users.id, teen.id)).returning(), `the signed-in teen ${teen.id}`);
      if (previous) {
        await enqueueEmail(tx, consentRequestedElsewhereEmail(previous.parentEmail, previous.parentName, teen.fullName, earlierAnswerOf(previous), maskEmail(input.parentEmail), now), now);
      } else {
        await enqueueEmail(tx, consentRequestEmail(input.parentEmail, input.parentName, teen.fullName, `${ctx.config.publicUrl}/consent/${token}`, expiresAt), now);
      }
      const { passwordHash: _hash, ...sessionUser } = user;
      return { consent: toTeenConsent('pending', created, now), user: toUserDto(sessionUser) };
    });
    ctx.mailer.kick();
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Another consent request was just sent. Refresh to see it.');
    throw err;
  }
}

/** Admins: the requests with their evidence, newest first. */
export async function listConsentEvidence(ctx: AppContext, query: { status?: ConsentRequestStatus; teenId?: string; limit: number }): Promise<ConsentEvidence[]> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(parentalConsents.status, query.status));
  if (query.teenId) where.push(eq(parentalConsents.teenId, query.teenId));
  const rows = await ctx.db
    .select({ consent: parentalConsents, teen: { id: users.id, fullName: users.fullName, email: users.email }, signature: consentSignatures })
    .from(parentalConsents)
    .innerJoin(users, eq(users.id, parentalConsents.teenId))
    .leftJoin(consentSignatures, eq(consentSignatures.consentId, parentalConsents.id))
    .where(and(...where))
    .orderBy(desc(parentalConsents.createdAt), desc(parentalConsents.id))
    .limit(query.limit);
  if (rows.length === 0) return [];
  const events = await ctx.db
    .select()
    .from(parentalConsentEvents)
    .where(inArray(parentalConsentEvents.consentId, rows.map((r) => r.consent.id)))
    .orderBy(parentalConsentEvents.id);
  return rows.map(({ consent, teen, signature }) => ({
    id: consent.id,
    status: consent.status,
    teen,
    parent: { name: consent.parentName, email: consent.parentEmail, phone: consent.parentPhone },
    sentAt: consent.createdAt.toISOString(),
    expiresAt: consent.expiresAt.toISOString(),
    decidedAt: consent.decidedAt?.toISOString() ?? null,
    revokedAt: consent.revokedAt?.toISOString() ?? null,
    signature: signature ? { ...signature, signedAt: signature.signedAt.toISOString() } : null,
    events: events
      .filter((e) => e.consentId === consent.id)
      .map((e) => ({ action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus, actor: e.actor, ipAddress: e.ipAddress, userAgent: e.userAgent, at: e.createdAt.toISOString() })),
  }));
}
