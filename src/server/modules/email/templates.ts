import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../contract/constants';
import { mailableName, teenNameForParents } from '../../../domain/consent';
import type { EmailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text is the source of truth; the HTML part only adds a button-like link. */
function compose(to: string, subject: string, paragraphs: string[], link?: { label: string; url: string }): EmailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), '— The Yardly team'].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    '<p>— The Yardly team</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function passwordResetEmail(to: string, fullName: string, resetUrl: string): EmailMessage {
  return compose(
    to,
    'Reset your Yardly password',
    [
      `Hi ${fullName},`,
      'Someone asked to reset the password of your Yardly account. If it was you, open the link below within one hour to choose a new password. The link works once.',
      'If you did not ask for this, ignore this email: your password stays the same.',
    ],
    { label: 'Choose a new password', url: resetUrl },
  );
}

/** A new coordinator's invitation (issue 18): the admin never sets or sees their password. */
export function coordinatorInvitationEmail(to: string, fullName: string, zipCodes: readonly string[], setPasswordUrl: string, validDays: number): EmailMessage {
  return compose(
    to,
    'You are a Yardly coordinator',
    [
      `Hi ${fullName},`,
      `A Yardly admin made you the coordinator of ZIP codes ${zipCodes.join(', ')}: you will verify the teens' completed work there and settle disputes.`,
      `Open the link below within ${validDays} days to choose your password. The link works once; after that, sign in with this email address.`,
    ],
    { label: 'Choose your password', url: setPasswordUrl },
  );
}

export function passwordChangedEmail(to: string, fullName: string): EmailMessage {
  return compose(to, 'Your Yardly password was changed', [
    `Hi ${fullName},`,
    'The password of your Yardly account was just changed and every device was signed out.',
    'If this was not you, reset your password right away and contact support.',
  ]);
}

export function testEmail(to: string, subject: string, message: string): EmailMessage {
  return compose(to, subject, [message]);
}

/** An important notification, also sent by email; the link opens the job or the notifications list. */
export function notificationEmail(to: string, fullName: string, title: string, body: string, url: string): EmailMessage {
  return compose(to, title, [`Hi ${fullName},`, body], { label: 'Open Yardly', url });
}

/** Emails to a parent greet them by the name the teen gave, unless it is one no email should carry. */
const greetParent = (parentName: string) => `Hi ${mailableName(parentName) ?? 'there'},`;

/**
 * Every email to a parent names the teen as teenNameForParents does ('Sam T.'): the address is one
 * the teen typed, so it may be a stranger's (issue 20).
 */
export function consentRequestEmail(to: string, parentName: string, teenFullName: string, consentUrl: string, expiresAt: Date): EmailMessage {
  const teen = teenNameForParents(teenFullName);
  return compose(
    to,
    `${teen} asks for your consent to use Yardly`,
    [
      greetParent(parentName),
      `${teen} would like to take local outdoor jobs (lawn care, leaf raking, snow shoveling and the like) through Yardly. Teens under 18 need a parent's or guardian's consent first.`,
      'Every job is supervised by a background-checked adult coordinator, work happens only between 6 AM and 8 PM, and payment is held until the work is verified.',
      `Open the link below to read the consent, confirm your teen's date of birth and sign or decline. The link works until ${expiresAt.toUTCString()} and can be used once to sign; keep this email, because the same link lets you revoke consent later.`,
      'If you do not know this teen, ignore this email: nothing happens without your signature.',
    ],
    { label: 'Review and sign the consent', url: consentUrl },
  );
}

export function consentSignedEmail(to: string, parentName: string, teenFullName: string, version: string, signedAt: Date): EmailMessage {
  const teen = teenNameForParents(teenFullName);
  return compose(to, `You gave consent for ${teen} to use Yardly`, [
    greetParent(parentName),
    `You signed Yardly's parental consent (version ${version}) for ${teen} on ${signedAt.toUTCString()}. ${teen} can now accept jobs.`,
    'You can revoke this consent at any time with the link in our first email. Revoking stops new jobs at once.',
  ]);
}

/** What the parent who answered before did, in the notice of a request to another address. */
const EARLIER_ANSWERS = { declined: 'declined', revoked: 'revoked' } as const;

/**
 * Issue 20: the parent who signed, declined or revoked hears at once that the teen asked another
 * address. The new address is masked: it may be a stranger's, and this parent needs only to know of it.
 */
export function consentRequestedElsewhereEmail(
  to: string,
  parentName: string,
  teenFullName: string,
  earlierAnswer: keyof typeof EARLIER_ANSWERS,
  maskedNewAddress: string,
  requestedAt: Date,
): EmailMessage {
  const teen = teenNameForParents(teenFullName);
  return compose(to, `${teen} asked someone else for consent to use Yardly`, [
    greetParent(parentName),
    `You ${EARLIER_ANSWERS[earlierAnswer]} consent for ${teen} to use Yardly. On ${requestedAt.toUTCString()} ${teen} asked for consent from another email address (${maskedNewAddress}).`,
    "We are holding that request: nothing is sent to the other address until the area's Yardly coordinator has checked it with the family.",
    `If you have a concern, or this was not expected, contact us at ${SUPPORT_EMAIL} or ${SUPPORT_PHONE}.`,
  ]);
}
