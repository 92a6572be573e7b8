import { FullNameSchema } from '../contract/auth';
import { CONSENT_LINK_TTL_DAYS, type ConsentAction, type ConsentRequestStatus } from '../contract/consent';
import { TEEN_MAX_AGE, TEEN_MIN_AGE, type ConsentStatus } from '../contract/constants';
import type { ErrorCode } from '../contract/errors';
import { firstNameAndInitial } from './access';
import { ageOn, type LocalDate } from './calendar';
import { isSameMailbox } from './mailbox';

export type Refusal = { ok: false; code: ErrorCode; message: string };
const refuse = (code: ErrorCode, message: string): Refusal => ({ ok: false, code, message });

/** Design 5: the teen must be 14 to 18 (inclusive) on the day the parent signs (`today`: localClock's date in TIMEZONE). */
export function checkSigningAge(birth: LocalDate, today: LocalDate): { ok: true; age: number } | Refusal {
  if (birth > today) return refuse('TEEN_AGE_NOT_ALLOWED', 'The date of birth cannot be in the future.');
  const age = ageOn(birth, today);
  if (age < TEEN_MIN_AGE) {
    return refuse('TEEN_AGE_NOT_ALLOWED', `Yardly is for teens aged ${TEEN_MIN_AGE} to ${TEEN_MAX_AGE}. Your teen can join from their ${TEEN_MIN_AGE}th birthday.`);
  }
  if (age > TEEN_MAX_AGE) {
    return refuse('TEEN_AGE_NOT_ALLOWED', `Yardly is for teens aged ${TEEN_MIN_AGE} to ${TEEN_MAX_AGE}, so it cannot take consent for someone who is ${age}.`);
  }
  return { ok: true, age };
}

/** When a link sent at `sentAt` stops working for signing and declining. */
export function linkExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + CONSENT_LINK_TTL_DAYS * 24 * 3600 * 1000);
}

export function isLinkExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

export interface ConsentFacts {
  status: ConsentRequestStatus;
  expiresAt: Date;
}

/**
 * Every change of a request's status; `send` creates one (`hold` when it is held), `supersede` is a
 * newer send replacing it, `release` and `refuse` are a coordinator's or an admin's answer to a held one.
 */
export type ConsentTransition = ConsentAction | 'supersede' | 'release' | 'refuse';

export type ConsentDecision = { ok: true; from: ConsentRequestStatus; to: ConsentRequestStatus; teenStatus: ConsentStatus | null } | Refusal;

export const CONSENT_MESSAGES = {
  used: 'This consent link has already been used. If you want to stop your teen from taking new jobs, use the revoke button on this page.',
  expired: 'This consent link has expired. Ask your teen to send a new one from Yardly.',
  replaced: 'A newer consent link was sent for this teen. Please use the link in the latest email.',
  invalid: 'This consent link is not valid. Check that you opened the whole link from the email.',
  notApproved: 'There is no approved consent to revoke through this link.',
  alreadyRevoked: 'You already revoked this consent.',
  reviewed: 'This request is no longer waiting for approval: it was approved, refused or replaced by a newer one.',
  ownEmail: "Use your parent's or guardian's email, not your own.",
  limitsBeforeSigning: 'Sign the consent first; then you can set your own limits on this page.',
  limitsWithoutConsent: 'There is no approved consent to set limits for: your teen cannot take jobs on Yardly.',
} as const;

/**
 * Whether `transition` may happen to a request now, and what the teen's own status becomes
 * (null: unchanged). Signing and declining need a live pending link; revoking needs an approved
 * consent and works after the 7 days, so a parent can always take it back.
 */
export function decideConsent(consent: ConsentFacts, transition: ConsentTransition, now: Date): ConsentDecision {
  const { status } = consent;
  // A held request's first link was never mailed, and a refused one's never will be.
  const neverMailed = status === 'held' || status === 'refused';
  switch (transition) {
    case 'sign':
    case 'decline': {
      if (neverMailed) return refuse('CONSENT_LINK_INVALID', CONSENT_MESSAGES.invalid);
      if (status === 'superseded') return refuse('CONSENT_LINK_REPLACED', CONSENT_MESSAGES.replaced);
      if (status !== 'pending') return refuse('CONSENT_LINK_USED', CONSENT_MESSAGES.used);
      if (isLinkExpired(consent.expiresAt, now)) return refuse('CONSENT_LINK_EXPIRED', CONSENT_MESSAGES.expired);
      return transition === 'sign'
        ? { ok: true, from: 'pending', to: 'approved', teenStatus: 'approved' }
        : { ok: true, from: 'pending', to: 'declined', teenStatus: 'declined' };
    }
    case 'revoke': {
      if (neverMailed) return refuse('CONSENT_LINK_INVALID', CONSENT_MESSAGES.invalid);
      if (status === 'revoked') return refuse('CONSENT_LINK_USED', CONSENT_MESSAGES.alreadyRevoked);
      if (status === 'superseded') return refuse('CONSENT_LINK_REPLACED', CONSENT_MESSAGES.replaced);
      if (status !== 'approved') return refuse('INVALID_TRANSITION', CONSENT_MESSAGES.notApproved);
      return { ok: true, from: 'approved', to: 'revoked', teenStatus: 'revoked' };
    }
    case 'supersede': {
      if (status !== 'pending' && status !== 'held') return refuse('INVALID_TRANSITION', 'Only a pending or held request can be replaced.');
      // The teen's status stays pending: the newer request carries it.
      return { ok: true, from: status, to: 'superseded', teenStatus: null };
    }
    case 'release':
    case 'refuse': {
      if (status !== 'held') return refuse('INVALID_TRANSITION', CONSENT_MESSAGES.reviewed);
      // Released, the request is pending like any sent one (the teen already is); refused, the teen's
      // status goes back to the earlier parent's answer (statusAfterRefusal).
      return { ok: true, from: 'held', to: transition === 'release' ? 'pending' : 'refused', teenStatus: null };
    }
  }
}

/** The teen's status once their held request is refused: the answer of the parent who had decided before. */
export function statusAfterRefusal(previousRequestStatus: ConsentRequestStatus | null): ConsentStatus {
  return previousRequestStatus === 'declined' || previousRequestStatus === 'revoked' ? previousRequestStatus : 'none';
}

/** Issue 20: the parent's address may not be the teen's own mailbox, however it is spelled (mailboxOf). */
export function checkParentEmail(parentEmail: string, teenEmail: string): { ok: true } | Refusal {
  return isSameMailbox(parentEmail, teenEmail) ? refuse('VALIDATION_FAILED', CONSENT_MESSAGES.ownEmail) : { ok: true };
}

/**
 * Issue 20: once a parent has answered (signed, declined or revoked), a request to an address that
 * is none of theirs could reach the teen's own second inbox, so it waits for the area's coordinator
 * or an admin. Asking a parent who answered before again goes out at once.
 */
export function mustHoldRequest(parentEmail: string, answeredParentEmails: readonly string[]): boolean {
  return answeredParentEmails.length > 0 && !answeredParentEmails.some((answered) => isSameMailbox(answered, parentEmail));
}

/**
 * A stored name as an email may carry it: names saved before issue 20's rule may hold a link or an
 * address, and those are left out (null).
 */
export function mailableName(name: string): string | null {
  const parsed = FullNameSchema.safeParse(name);
  return parsed.success ? parsed.data : null;
}

/** Issue 20: an email to a parent names the teen by first name and last initial ('Sam T.'), never more. */
export function teenNameForParents(teenFullName: string): string {
  const name = mailableName(teenFullName);
  return name ? firstNameAndInitial(name) : 'Your teen';
}

/**
 * A parent's own limits on their teen's work (issue 21) are set through the link of the consent they
 * signed, for as long as it stands: like revoking, after the 7 days too.
 */
export function checkLimitsLink(consent: Pick<ConsentFacts, 'status'>): { ok: true } | Refusal {
  switch (consent.status) {
    case 'approved':
      return { ok: true };
    case 'held':
    case 'refused':
      return refuse('CONSENT_LINK_INVALID', CONSENT_MESSAGES.invalid);
    case 'superseded':
      return refuse('CONSENT_LINK_REPLACED', CONSENT_MESSAGES.replaced);
    case 'pending':
      return refuse('INVALID_TRANSITION', CONSENT_MESSAGES.limitsBeforeSigning);
    case 'declined':
    case 'revoked':
      return refuse('INVALID_TRANSITION', CONSENT_MESSAGES.limitsWithoutConsent);
  }
}

/** What the parent may do through the link now: the page shows exactly these buttons. */
export function consentActions(consent: ConsentFacts, now: Date): ConsentAction[] {
  return (['sign', 'decline', 'revoke'] as const).filter((action) => decideConsent(consent, action, now).ok);
}

/** A teen may send (or resend, or correct) a request unless consent is already approved. */
export function canSendConsent(teenStatus: ConsentStatus): { ok: true } | Refusal {
  if (teenStatus === 'approved') return refuse('CONSENT_ALREADY_APPROVED', 'Your parental consent is already approved.');
  return { ok: true };
}
