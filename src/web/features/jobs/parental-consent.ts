import type { User } from '../../../contract/auth';
import { notify } from '../../lib/toast';

/** Spec 5: a teen takes jobs (locks or accepts them) only with approved parental consent. */
export function needsParentalConsent(user: User): boolean {
  return user.role === 'teen' && user.parentalConsentStatus !== 'approved';
}

/**
 * Spec 5's check before locking or accepting: true when the person may go on; otherwise shows
 * 'Parental consent required' and returns false, before anything is asked or sent.
 */
export function checkParentalConsent(user: User): boolean {
  if (!needsParentalConsent(user)) return true;
  notify.error('Parental consent required', 'You need parental consent before accepting jobs.');
  return false;
}
