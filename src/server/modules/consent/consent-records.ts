import { and, eq } from 'drizzle-orm';
import type { ConsentRequestStatus } from '../../../contract/consent';
import { CONSENT_MESSAGES, decideConsent, type ConsentTransition } from '../../../domain/consent';
import type { Executor } from '../../db/client';
import { parentalConsentEvents, parentalConsents, users } from '../../db/schema';
import { AppError } from '../../errors';

// What both the teen's request path and the parent's link path write: a request's change of status
// and its event row, with where it came from as evidence.

export type ConsentRow = typeof parentalConsents.$inferSelect;

/** Where a request or decision came from, kept as evidence. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

/**
 * What the parent who answered a request did, as the held request's people are told: a request with
 * an answer is declined, or signed and since revoked (while it stays signed the teen cannot send).
 */
export const earlierAnswerOf = (row: Pick<ConsentRow, 'status'>): 'declined' | 'revoked' => (row.status === 'declined' ? 'declined' : 'revoked');

export const userAgentOf = (origin: RequestOrigin) => origin.userAgent?.slice(0, 300) ?? null;

/** Who changed a request: the teen, the parent holding the link, or a coordinator or an admin answering a held request. */
export type ConsentActor = 'teen' | 'parent' | 'coordinator' | 'admin';

export async function appendEvent(tx: Executor, consentId: string, action: ConsentTransition | 'send' | 'hold', from: ConsentRequestStatus | null, to: ConsentRequestStatus, actor: ConsentActor, origin: RequestOrigin, at: Date) {
  await tx.insert(parentalConsentEvents).values({ consentId, action, fromStatus: from, toStatus: to, actor, ipAddress: origin.ip, userAgent: userAgentOf(origin), createdAt: at });
}

/**
 * One change of a request's status: ask the rules, then a conditional UPDATE (0 rows: someone else
 * won) and its event. `changes` are further columns the same UPDATE writes (a released request's new link).
 */
export async function transitionRequest(
  tx: Executor,
  row: ConsentRow,
  action: ConsentTransition,
  actor: ConsentActor,
  origin: RequestOrigin,
  now: Date,
  changes: Partial<Pick<ConsentRow, 'tokenHash' | 'expiresAt' | 'reviewedBy' | 'reviewedAt'>> = {},
) {
  const decision = decideConsent(row, action, now);
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  const [updated] = await tx
    .update(parentalConsents)
    .set({
      ...changes,
      status: decision.to,
      ...(action === 'sign' || action === 'decline' ? { decidedAt: now } : {}),
      ...(action === 'revoke' ? { revokedAt: now } : {}),
    })
    .where(and(eq(parentalConsents.id, row.id), eq(parentalConsents.status, decision.from)))
    .returning();
  if (!updated) {
    throw row.status === 'held' ? new AppError('INVALID_TRANSITION', CONSENT_MESSAGES.reviewed) : new AppError('CONSENT_LINK_USED', CONSENT_MESSAGES.used);
  }
  await appendEvent(tx, row.id, action, decision.from, decision.to, actor, origin, now);
  if (decision.teenStatus) await tx.update(users).set({ parentalConsentStatus: decision.teenStatus, updatedAt: now }).where(eq(users.id, row.teenId));
  return updated;
}
