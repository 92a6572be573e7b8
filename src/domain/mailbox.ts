// Issue 20: a teen must not be able to name their own mailbox as their parent's. Mail providers
// deliver many spellings of an address to one mailbox; these rules read them as one.

/** Gmail reads its two domains as one service, and ignores dots in the local part. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as a comparable string: lower case, the `+tag` removed from
 * the local part, and for Gmail (gmail.com and googlemail.com alike) the dots in the local part too.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  // '+tag@' alone has no mailbox name before the tag: keep it as it is rather than compare an empty name.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Whether two addresses reach the same mailbox (mailboxOf). */
export function isSameMailbox(a: string, b: string): boolean {
  return mailboxOf(a) === mailboxOf(b);
}

/**
 * An address shown to someone who should know that it exists but not what it is: the first
 * character of the local part and the domain ('rosa.lopez@example.com' -> 'r***@example.com').
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${Array.from(address)[0]}***${address.slice(at)}`;
}
