import { describe, expect, it } from 'vitest';
import { isSameMailbox, mailboxOf, maskEmail } from './mailbox';

describe('mailboxOf', () => {
  it.each([
    ['teen@example.com', 'teen@example.com'],
    ['  Teen@Example.COM ', 'teen@example.com'],
    ['teen+mom@example.com', 'teen@example.com'],
    ['teen+mom+dad@example.com', 'teen@example.com'],
    // Dots count everywhere but at Gmail.
    ['t.e.e.n@example.com', 't.e.e.n@example.com'],
    ['t.e.e.n@gmail.com', 'teen@gmail.com'],
    ['T.Een+Mom@GMail.com', 'teen@gmail.com'],
    ['t.een@googlemail.com', 'teen@gmail.com'],
    ['teen+x@googlemail.com', 'teen@gmail.com'],
    // A subdomain of Gmail's is not Gmail.
    ['t.een@mail.gmail.com', 't.een@mail.gmail.com'],
    // Nothing before the tag: left as written.
    ['+tag@example.com', '+tag@example.com'],
    ['not-an-address', 'not-an-address'],
  ])('reads %s as the mailbox %s', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });
});

describe('isSameMailbox', () => {
  it.each([
    ['sam@example.com', 'SAM@example.com', true],
    ['sam@example.com', 'sam+parent@example.com', true],
    ['sam.t@gmail.com', 'samt+mom@googlemail.com', true],
    ['sam.t@example.com', 'samt@example.com', false],
    ['sam@example.com', 'sam@example.org', false],
    ['sam@example.com', 'samuel@example.com', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(isSameMailbox(a, b)).toBe(same);
  });
});

describe('maskEmail', () => {
  it.each([
    ['rosa.lopez@example.com', 'r***@example.com'],
    ['r@example.com', 'r***@example.com'],
    ['élodie@example.fr', 'é***@example.fr'],
    ['nonsense', '***'],
  ])('shows %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
