import { eq } from 'drizzle-orm';
import type { ConsentDecisionResponse, ConsentLinkView } from '../../../contract/consent';
import { localClock } from '../../../domain/calendar';
import { checkSigningAge, consentActions, CONSENT_MESSAGES, decideConsent, isLinkExpired } from '../../../domain/consent';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { consentSignatures, users } from '../../db/schema';
import { AppError, firstRow } from '../../errors';
import { enqueueEmail } from '../email/mailer';
import { consentSignedEmail } from '../email/templates';
import { notify, type NotificationInput } from '../notifications/notifications.service';
import { transitionRequest, userAgentOf, type ConsentRow, type RequestOrigin } from './consent-records';
import { CONSENT_TEXT } from './consent-text';
import { findByToken } from './consent-token';

// The parent's side: the public page a consent link opens, and signing, declining or revoking through it.

async function teenNameOf(db: Executor, teenId: string): Promise<{ fullName: string; email: string }> {
  const rows = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, teenId));
  return firstRow(rows, `the teen ${teenId} of a consent request`);
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
  // A held request's first link was never mailed (its released link replaced it), a refused one's never will be.
  if (row.status === 'held' || row.status === 'refused') throw new AppError('CONSENT_LINK_INVALID', CONSENT_MESSAGES.invalid);
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
      const age = checkSigningAge(input!.teenDateOfBirth, localClock(now, ctx.config.timezone).date);
      if (!age.ok) throw new AppError(age.code, age.message, { teenDateOfBirth: age.message });
      birthDate = input!.teenDateOfBirth;
    }
    const updated = await transitionRequest(tx, row, action, 'parent', origin, now);
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
