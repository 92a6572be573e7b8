import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { User } from '../../../contract/auth';
import {
  parseIsoDate,
  type ConsentDecisionResponse,
  type ConsentEvidence,
  type ConsentLinkView,
  type ConsentRequestStatus,
  type TeenConsent,
} from '../../../contract/consent';
import type { ConsentStatus } from '../../../contract/constants';
import { calendarDateIn, canSendConsent, checkSigningAge, consentActions, CONSENT_MESSAGES, decideConsent, isLinkExpired, linkExpiresAt, type ConsentTransition } from '../../../domain/consent';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { consentSignatures, parentalConsentEvents, parentalConsents, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { assertNotRateLimited, recordHit, type RateLimitRule } from '../../plugins/rate-limit';
import { toUserDto } from '../auth/auth.service';
import { hashToken, type SessionUser } from '../auth/sessions';
import { enqueueEmail } from '../email/mailer';
import { consentRequestEmail, consentSignedEmail } from '../email/templates';
import { notify, type NotificationInput } from '../notifications/notifications.service';
import { CONSENT_TEXT } from './consent-text';

/** A teen may send, resend or correct a request five times an hour: enough for typos, too few to spam a stranger. */
export const CONSENT_SENDS_PER_TEEN: RateLimitRule = { bucket: 'consent-send-teen', limit: 5, windowMs: 60 * 60_000 };

type ConsentRow = typeof parentalConsents.$inferSelect;

/** Where a request or decision came from, kept as evidence. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

const userAgentOf = (origin: RequestOrigin) => origin.userAgent?.slice(0, 300) ?? null;

/**
 * The link's token is `<request id>.<secret>`: the id finds the row, and the secret's SHA-256 is
 * compared in constant time with the stored hash (only the hash is stored).
 */
const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function newConsentToken(): { id: string; token: string; tokenHash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${id}.${secret}`, tokenHash: hashToken(secret) };
}

const invalidLink = () => new AppError('CONSENT_LINK_INVALID', CONSENT_MESSAGES.invalid);

/** The request a token opens, locked for the caller's transaction when `forUpdate`; a bogus token is a 404. */
async function findByToken(db: Executor, token: string, forUpdate = false): Promise<ConsentRow> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw invalidLink();
  const [id, secret] = [match[1]!, match[2]!];
  const query = db.select().from(parentalConsents).where(eq(parentalConsents.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw invalidLink();
  const expected = Buffer.from(row.tokenHash, 'hex');
  const given = Buffer.from(hashToken(secret), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
  return row;
}

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

async function appendEvent(tx: Executor, consentId: string, action: ConsentTransition | 'send', from: ConsentRequestStatus | null, to: ConsentRequestStatus, actor: 'teen' | 'parent', origin: RequestOrigin, at: Date) {
  await tx.insert(parentalConsentEvents).values({ consentId, action, fromStatus: from, toStatus: to, actor, ipAddress: origin.ip, userAgent: userAgentOf(origin), createdAt: at });
}

/** One change of a request's status: ask the rules, then a conditional UPDATE (0 rows: someone else won) and its event. */
async function transition(tx: Executor, row: ConsentRow, action: ConsentTransition, actor: 'teen' | 'parent', origin: RequestOrigin, now: Date) {
  const decision = decideConsent(row, action, now);
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  const [updated] = await tx
    .update(parentalConsents)
    .set({
      status: decision.to,
      ...(action === 'sign' || action === 'decline' ? { decidedAt: now } : {}),
      ...(action === 'revoke' ? { revokedAt: now } : {}),
    })
    .where(and(eq(parentalConsents.id, row.id), eq(parentalConsents.status, decision.from)))
    .returning();
  if (!updated) throw new AppError('CONSENT_LINK_USED', CONSENT_MESSAGES.used);
  await appendEvent(tx, row.id, action, decision.from, decision.to, actor, origin, now);
  if (decision.teenStatus) await tx.update(users).set({ parentalConsentStatus: decision.teenStatus, updatedAt: now }).where(eq(users.id, row.teenId));
  return updated;
}

export interface SendConsentInput {
  teenId?: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
}

/**
 * Spec 7: the teen sends the parent's details; the parent gets a single-use link by email. Sending
 * again (to resend or correct the address) supersedes the pending request, so its link stops working.
 */
export async function sendConsentRequest(ctx: AppContext, teen: SessionUser, input: SendConsentInput, origin: RequestOrigin): Promise<{ consent: TeenConsent; user: User }> {
  if (input.teenId && input.teenId !== teen.id) throw forbidden('You can only ask consent for yourself.');
  if (input.parentEmail === teen.email) {
    throw new AppError('VALIDATION_FAILED', "Use your parent's or guardian's email, not your own.", {
      parentEmail: "Use your parent's or guardian's email, not your own.",
    });
  }
  const now = ctx.clock.now();
  await assertNotRateLimited(ctx.db, CONSENT_SENDS_PER_TEEN, [teen.id], now);
  const { id, token, tokenHash } = newConsentToken();
  const expiresAt = linkExpiresAt(now);
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const [fresh] = await tx.select().from(users).where(eq(users.id, teen.id)).for('update');
      const allowed = canSendConsent(fresh!.parentalConsentStatus);
      if (!allowed.ok) throw new AppError(allowed.code, allowed.message);
      const pending = await tx.select().from(parentalConsents).where(and(eq(parentalConsents.teenId, teen.id), eq(parentalConsents.status, 'pending')));
      for (const row of pending) await transition(tx, row, 'supersede', 'teen', origin, now);
      const [created] = await tx
        .insert(parentalConsents)
        .values({ id, teenId: teen.id, parentName: input.parentName, parentEmail: input.parentEmail, parentPhone: input.parentPhone, tokenHash, status: 'pending', createdAt: now, expiresAt })
        .returning();
      await appendEvent(tx, id, 'send', null, 'pending', 'teen', origin, now);
      const [user] = await tx.update(users).set({ parentalConsentStatus: 'pending', updatedAt: now }).where(eq(users.id, teen.id)).returning();
      await enqueueEmail(tx, consentRequestEmail(input.parentEmail, input.parentName, teen.fullName, `${ctx.config.publicUrl}/consent/${token}`, expiresAt), now);
      await recordHit(tx, CONSENT_SENDS_PER_TEEN, teen.id, now);
      const { passwordHash: _hash, ...sessionUser } = user!;
      return { consent: toTeenConsent('pending', created, now), user: toUserDto(sessionUser) };
    });
    ctx.mailer.kick();
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Another consent request was just sent. Refresh to see it.');
    throw err;
  }
}

async function teenNameOf(db: Executor, teenId: string): Promise<{ fullName: string; email: string }> {
  const [teen] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, teenId));
  return teen!;
}

function toLinkView(row: ConsentRow, teenName: string, signatureName: string | null, now: Date): ConsentLinkView {
  return {
    status: row.status,
    teenName,
    parentName: row.parentName,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    signatureName,
    actions: consentActions(row, now),
    consentText: CONSENT_TEXT,
  };
}

async function signatureNameOf(db: Executor, consentId: string): Promise<string | null> {
  const [signature] = await db.select({ name: consentSignatures.signatureName }).from(consentSignatures).where(eq(consentSignatures.consentId, consentId));
  return signature?.name ?? null;
}

/**
 * What the public consent page shows. A replaced link, and a pending one past its 7 days, are
 * answered with 410 so the parent knows to use (or ask for) a newer one; a decided link still
 * opens, to show the decision and, once approved, to revoke.
 */
export async function viewConsentLink(ctx: AppContext, token: string): Promise<ConsentLinkView> {
  const row = await findByToken(ctx.db, token);
  const now = ctx.clock.now();
  if (row.status === 'superseded') throw new AppError('CONSENT_LINK_REPLACED', CONSENT_MESSAGES.replaced);
  if (row.status === 'pending' && isLinkExpired(row.expiresAt, now)) throw new AppError('CONSENT_LINK_EXPIRED', CONSENT_MESSAGES.expired);
  const teen = await teenNameOf(ctx.db, row.teenId);
  return toLinkView(row, teen.fullName, await signatureNameOf(ctx.db, row.id), now);
}

export interface SignInput {
  signatureName: string;
  teenDateOfBirth: string;
  consentTextVersion?: string;
}

const DECISION_MESSAGES: Record<'sign' | 'decline' | 'revoke', (teen: string) => string> = {
  sign: (teen) => `Thank you. Your consent is recorded and ${teen} can now accept jobs on Yardly.`,
  decline: (teen) => `You declined. ${teen} cannot accept jobs on Yardly.`,
  revoke: (teen) => `Consent revoked. ${teen} can no longer lock or accept new jobs.`,
};

/** What the teen is told when the parent acts; an approval is also emailed (issue 4). */
const TEEN_NOTICES: Record<'sign' | 'decline' | 'revoke', (parent: string) => Omit<NotificationInput, 'userId'>> = {
  sign: (parent) => ({ kind: 'consent_approved', title: 'Parental consent approved', body: `${parent} signed your consent. You can now lock and accept jobs.`, email: true }),
  decline: (parent) => ({ kind: 'consent_declined', title: 'Parental consent declined', body: `${parent} declined your consent. Talk with them, then send a new request.` }),
  revoke: (parent) => ({ kind: 'consent_revoked', title: 'Parental consent revoked', body: `${parent} revoked your consent, so you can't lock or accept new jobs.` }),
};

/** The parent signs, declines or revokes through the link; each is one transaction with its evidence. */
export async function decideThroughLink(
  ctx: AppContext,
  token: string,
  action: 'sign' | 'decline' | 'revoke',
  origin: RequestOrigin,
  input?: SignInput,
): Promise<ConsentDecisionResponse> {
  const now = ctx.clock.now();
  const view = await ctx.db.transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    const teen = await teenNameOf(tx, row.teenId);
    // The link's own state first: a used or expired link says so whatever the form holds.
    const allowed = decideConsent(row, action, now);
    if (!allowed.ok) throw new AppError(allowed.code, allowed.message);
    let birthDate: string | null = null;
    if (action === 'sign') {
      if (input!.consentTextVersion && input!.consentTextVersion !== CONSENT_TEXT.version) {
        throw new AppError('CONSENT_TEXT_CHANGED', 'The consent text was updated since you opened this page. Please read it again and sign.');
      }
      const age = checkSigningAge(parseIsoDate(input!.teenDateOfBirth)!, calendarDateIn(now, ctx.config.timezone));
      if (!age.ok) throw new AppError(age.code, age.message, { teenDateOfBirth: age.message });
      birthDate = input!.teenDateOfBirth;
    }
    const updated = await transition(tx, row, action, 'parent', origin, now);
    if (action === 'sign') {
      await tx.insert(consentSignatures).values({
        consentId: row.id,
        consentTextVersion: CONSENT_TEXT.version,
        consentTextSha256: CONSENT_TEXT.sha256,
        signatureName: input!.signatureName,
        teenDateOfBirth: birthDate!,
        signedAt: now,
        ipAddress: origin.ip,
        userAgent: userAgentOf(origin),
        teenName: teen.fullName,
        teenEmail: teen.email,
        parentName: row.parentName,
        parentEmail: row.parentEmail,
        parentPhone: row.parentPhone,
      });
      await tx.update(users).set({ dateOfBirth: birthDate }).where(eq(users.id, row.teenId));
      await enqueueEmail(tx, consentSignedEmail(row.parentEmail, row.parentName, teen.fullName, CONSENT_TEXT.version, now), now);
    }
    await notify(tx, ctx, { userId: row.teenId, ...TEEN_NOTICES[action](row.parentName) });
    return toLinkView(updated, teen.fullName, action === 'sign' ? input!.signatureName : await signatureNameOf(tx, row.id), now);
  });
  ctx.mailer.kick();
  return { message: DECISION_MESSAGES[action](view.teenName), view };
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
