import { CONSENT_LINK_TTL_DAYS, type CalendarDate, type ConsentAction, type ConsentRequestStatus } from '../contract/consent';
import { TEEN_MAX_AGE, TEEN_MIN_AGE, type ConsentStatus } from '../contract/constants';
import type { ErrorCode } from '../contract/errors';

/** The calendar date of `now` in `timezone` (a signature made at 11 PM in Boston is that day's, not tomorrow's UTC). */
export function calendarDateIn(now: Date, timezone: string): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Completed years between a birth date and a day. Someone born on 29 February turns a year older on 1 March in other years. */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

export type Refusal = { ok: false; code: ErrorCode; message: string };
const refuse = (code: ErrorCode, message: string): Refusal => ({ ok: false, code, message });

/** Design 5: the teen must be 14 to 18 (inclusive) on the day the parent signs. */
export function checkSigningAge(birth: CalendarDate, today: CalendarDate): { ok: true; age: number } | Refusal {
  if (compareDates(birth, today) > 0) return refuse('TEEN_AGE_NOT_ALLOWED', 'The date of birth cannot be in the future.');
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

/** Every change of a request's status; `send` creates one, `supersede` is a newer send replacing it. */
export type ConsentTransition = ConsentAction | 'supersede';

export type ConsentDecision = { ok: true; from: ConsentRequestStatus; to: ConsentRequestStatus; teenStatus: ConsentStatus | null } | Refusal;

export const CONSENT_MESSAGES = {
  used: 'This consent link has already been used. If you want to stop your teen from taking new jobs, use the revoke button on this page.',
  expired: 'This consent link has expired. Ask your teen to send a new one from Yardly.',
  replaced: 'A newer consent link was sent for this teen. Please use the link in the latest email.',
  invalid: 'This consent link is not valid. Check that you opened the whole link from the email.',
  notApproved: 'There is no approved consent to revoke through this link.',
  alreadyRevoked: 'You already revoked this consent.',
} as const;

/**
 * Whether `transition` may happen to a request now, and what the teen's own status becomes
 * (null: unchanged). Signing and declining need a live pending link; revoking needs an approved
 * consent and works after the 7 days, so a parent can always take it back.
 */
export function decideConsent(consent: ConsentFacts, transition: ConsentTransition, now: Date): ConsentDecision {
  const { status } = consent;
  switch (transition) {
    case 'sign':
    case 'decline': {
      if (status === 'superseded') return refuse('CONSENT_LINK_REPLACED', CONSENT_MESSAGES.replaced);
      if (status !== 'pending') return refuse('CONSENT_LINK_USED', CONSENT_MESSAGES.used);
      if (isLinkExpired(consent.expiresAt, now)) return refuse('CONSENT_LINK_EXPIRED', CONSENT_MESSAGES.expired);
      return transition === 'sign'
        ? { ok: true, from: 'pending', to: 'approved', teenStatus: 'approved' }
        : { ok: true, from: 'pending', to: 'declined', teenStatus: 'declined' };
    }
    case 'revoke': {
      if (status === 'revoked') return refuse('CONSENT_LINK_USED', CONSENT_MESSAGES.alreadyRevoked);
      if (status === 'superseded') return refuse('CONSENT_LINK_REPLACED', CONSENT_MESSAGES.replaced);
      if (status !== 'approved') return refuse('INVALID_TRANSITION', CONSENT_MESSAGES.notApproved);
      return { ok: true, from: 'approved', to: 'revoked', teenStatus: 'revoked' };
    }
    case 'supersede': {
      if (status !== 'pending') return refuse('INVALID_TRANSITION', 'Only a pending request can be replaced.');
      // The teen's status stays pending: the newer request carries it.
      return { ok: true, from: 'pending', to: 'superseded', teenStatus: null };
    }
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
