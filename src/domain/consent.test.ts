import { describe, expect, it } from 'vitest';
import { CONSENT_REQUEST_STATUSES, type ConsentRequestStatus } from '../contract/consent';
import { CONSENT_STATUSES } from '../contract/constants';
import {
  canSendConsent,
  checkLimitsLink,
  checkParentEmail,
  checkSigningAge,
  consentActions,
  decideConsent,
  isLinkExpired,
  linkExpiresAt,
  mailableName,
  mustHoldRequest,
  statusAfterRefusal,
  teenNameForParents,
  type ConsentTransition,
} from './consent';

describe('checkSigningAge: 14 to 18 inclusive on the day of signing', () => {
  const today = '2026-06-15';
  it.each([
    ['the day before the 14th birthday', '2012-06-16', false],
    ['the 14th birthday', '2012-06-15', true],
    ['16', '2010-01-01', true],
    ['the last day of being 18', '2007-06-16', true],
    ['the 19th birthday', '2007-06-15', false],
    ['a date of birth in the future', '2026-06-16', false],
    ['born today', '2026-06-15', false],
  ])('%s', (_label, birth, allowed) => {
    const result = checkSigningAge(birth, today);
    expect(result.ok).toBe(allowed);
    if (!result.ok) expect(result.code).toBe('TEEN_AGE_NOT_ALLOWED');
  });

  it('says why it refuses', () => {
    expect(checkSigningAge('2013-01-01', today)).toMatchObject({ message: expect.stringContaining('14th birthday') });
    expect(checkSigningAge('2000-01-01', today)).toMatchObject({ message: expect.stringContaining('someone who is 26') });
    expect(checkSigningAge('2030-01-01', today)).toMatchObject({ message: 'The date of birth cannot be in the future.' });
  });
});

describe('link expiry: 7 days after sending', () => {
  const sent = new Date('2026-06-01T12:00:00Z');
  const expires = linkExpiresAt(sent);
  it.each([
    [new Date('2026-06-08T11:59:59Z'), false],
    [new Date('2026-06-08T12:00:00Z'), true],
    [new Date('2026-07-01T00:00:00Z'), true],
  ])('at %s expired is %s', (now, expired) => {
    expect(expires.toISOString()).toBe('2026-06-08T12:00:00.000Z');
    expect(isLinkExpired(expires, now)).toBe(expired);
  });
});

describe('decideConsent: every request status x transition, live and expired', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const live = new Date('2026-06-20T12:00:00Z');
  const past = new Date('2026-06-10T12:00:00Z');
  type Row = [ConsentRequestStatus, ConsentTransition, 'live' | 'expired', string];
  // The expected outcome: the new request status and the teen's, or the refusal's code.
  const table: Row[] = [
    ['pending', 'sign', 'live', 'approved/approved'],
    ['pending', 'sign', 'expired', 'CONSENT_LINK_EXPIRED'],
    ['pending', 'decline', 'live', 'declined/declined'],
    ['pending', 'decline', 'expired', 'CONSENT_LINK_EXPIRED'],
    ['pending', 'revoke', 'live', 'INVALID_TRANSITION'],
    ['pending', 'supersede', 'live', 'superseded/-'],
    ['pending', 'supersede', 'expired', 'superseded/-'],
    ['approved', 'sign', 'live', 'CONSENT_LINK_USED'],
    ['approved', 'decline', 'live', 'CONSENT_LINK_USED'],
    ['approved', 'revoke', 'live', 'revoked/revoked'],
    // Revoking never expires: a parent can always take consent back.
    ['approved', 'revoke', 'expired', 'revoked/revoked'],
    ['approved', 'supersede', 'live', 'INVALID_TRANSITION'],
    ['declined', 'sign', 'live', 'CONSENT_LINK_USED'],
    ['declined', 'decline', 'live', 'CONSENT_LINK_USED'],
    ['declined', 'revoke', 'live', 'INVALID_TRANSITION'],
    ['declined', 'supersede', 'live', 'INVALID_TRANSITION'],
    ['revoked', 'sign', 'expired', 'CONSENT_LINK_USED'],
    ['revoked', 'decline', 'live', 'CONSENT_LINK_USED'],
    ['revoked', 'revoke', 'expired', 'CONSENT_LINK_USED'],
    ['revoked', 'supersede', 'live', 'INVALID_TRANSITION'],
    ['superseded', 'sign', 'live', 'CONSENT_LINK_REPLACED'],
    ['superseded', 'decline', 'live', 'CONSENT_LINK_REPLACED'],
    ['superseded', 'revoke', 'live', 'CONSENT_LINK_REPLACED'],
    ['superseded', 'supersede', 'live', 'INVALID_TRANSITION'],
    // Issue 20: a held request is released (its link mailed) or refused by a coordinator or an admin.
    ['held', 'sign', 'live', 'CONSENT_LINK_INVALID'],
    ['held', 'decline', 'live', 'CONSENT_LINK_INVALID'],
    ['held', 'revoke', 'live', 'CONSENT_LINK_INVALID'],
    ['held', 'supersede', 'live', 'superseded/-'],
    ['held', 'release', 'live', 'pending/-'],
    ['held', 'release', 'expired', 'pending/-'],
    ['held', 'refuse', 'live', 'refused/-'],
    ['refused', 'sign', 'live', 'CONSENT_LINK_INVALID'],
    ['refused', 'decline', 'live', 'CONSENT_LINK_INVALID'],
    ['refused', 'revoke', 'live', 'CONSENT_LINK_INVALID'],
    ['refused', 'supersede', 'live', 'INVALID_TRANSITION'],
    ['refused', 'release', 'live', 'INVALID_TRANSITION'],
    ['refused', 'refuse', 'live', 'INVALID_TRANSITION'],
    ...(['pending', 'approved', 'declined', 'revoked', 'superseded'] as const).flatMap((status): Row[] => [
      [status, 'release', 'live', 'INVALID_TRANSITION'],
      [status, 'refuse', 'live', 'INVALID_TRANSITION'],
    ]),
  ];

  it('covers every status and transition', () => {
    for (const status of CONSENT_REQUEST_STATUSES) {
      for (const transition of ['sign', 'decline', 'revoke', 'supersede', 'release', 'refuse'] as const) {
        expect(table.some(([s, t]) => s === status && t === transition), `${status} x ${transition}`).toBe(true);
      }
    }
  });

  it.each(table)('%s + %s (%s link) -> %s', (status, transition, link, expected) => {
    const decision = decideConsent({ status, expiresAt: link === 'live' ? live : past }, transition, now);
    const outcome = decision.ok ? `${decision.to}/${decision.teenStatus ?? '-'}` : decision.code;
    expect(outcome).toBe(expected);
    if (decision.ok) expect(decision.from).toBe(status);
  });
});

describe('consentActions: the buttons of the consent page', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const live = new Date('2026-06-20T12:00:00Z');
  const past = new Date('2026-06-10T12:00:00Z');
  it.each([
    ['pending', live, ['sign', 'decline']],
    ['pending', past, []],
    ['approved', past, ['revoke']],
    ['declined', live, []],
    ['revoked', live, []],
    ['superseded', live, []],
    ['held', live, []],
    ['refused', live, []],
  ] as const)('%s link -> %o', (status, expiresAt, actions) => {
    expect(consentActions({ status, expiresAt }, now)).toEqual(actions);
  });
});

describe('canSendConsent', () => {
  it.each(CONSENT_STATUSES.map((s) => [s, s !== 'approved'] as const))('a teen whose consent is %s may send: %s', (status, allowed) => {
    const result = canSendConsent(status);
    expect(result.ok).toBe(allowed);
    if (!result.ok) expect(result.code).toBe('CONSENT_ALREADY_APPROVED');
  });
});

describe('checkParentEmail: never the teen\'s own mailbox (issue 20)', () => {
  it.each([
    ['sam.taylor@example.com', false],
    ['SAM.TAYLOR@example.com', false],
    ['sam.taylor+mom@example.com', false],
    ['samtaylor@example.com', true],
    ['rosa@example.com', true],
  ])('a teen at sam.taylor@example.com naming %s: allowed %s', (parentEmail, allowed) => {
    const result = checkParentEmail(parentEmail, 'sam.taylor@example.com');
    expect(result.ok).toBe(allowed);
    if (!result.ok) expect(result).toMatchObject({ code: 'VALIDATION_FAILED', message: "Use your parent's or guardian's email, not your own." });
  });

  it('reads Gmail addresses as Gmail does', () => {
    expect(checkParentEmail('s.a.m+parent@googlemail.com', 'sam@gmail.com').ok).toBe(false);
  });
});

describe('mustHoldRequest: a new address after a parent answered waits for a coordinator (issue 20)', () => {
  it.each([
    ['nobody has answered yet', 'rosa@example.com', [], false],
    ['the parent who answered, again', 'rosa@example.com', ['rosa@example.com'], false],
    ['the parent who answered, spelled otherwise', 'Rosa+again@Example.com', ['rosa@example.com'], false],
    ['another address', 'sam@example.com', ['rosa@example.com'], true],
    ['one of two parents who answered', 'sam@example.com', ['rosa@example.com', 'sam@example.com'], false],
  ] as const)('%s: held %s', (_label, parentEmail, answered, held) => {
    expect(mustHoldRequest(parentEmail, answered)).toBe(held);
  });
});

describe('statusAfterRefusal: the teen is back where the earlier parent left them', () => {
  it.each([
    ['declined', 'declined'],
    ['revoked', 'revoked'],
    [null, 'none'],
  ] as const)('%s -> %s', (previous, status) => {
    expect(statusAfterRefusal(previous)).toBe(status);
  });
});

describe('names in emails to parents (issue 20)', () => {
  it.each([
    ['Sam Taylor', 'Sam T.'],
    ['Sam van der Berg', 'Sam B.'],
    ['  Sam  ', 'Sam'],
    // Names stored before the rule held links: never mailed.
    ['Sam www.example.com', 'Your teen'],
    ['Sam https://example.com', 'Your teen'],
    ['sam@example.com', 'Your teen'],
  ])('the teen %s is named %s', (fullName, shown) => {
    expect(teenNameForParents(fullName)).toBe(shown);
  });

  it.each([
    ['Rosa Lopez', 'Rosa Lopez'],
    ['Rosa http://example.com', null],
    ['x'.repeat(81), null],
  ])('the parent %s is greeted as %s', (name, greeted) => {
    expect(mailableName(name)).toBe(greeted);
  });
});

describe("checkLimitsLink: a parent's limits through the link of the consent they signed (issue 21)", () => {
  it.each([
    ['approved', 'ok'],
    ['pending', 'INVALID_TRANSITION'],
    ['declined', 'INVALID_TRANSITION'],
    ['revoked', 'INVALID_TRANSITION'],
    ['superseded', 'CONSENT_LINK_REPLACED'],
    ['held', 'CONSENT_LINK_INVALID'],
    ['refused', 'CONSENT_LINK_INVALID'],
  ] as const)('a %s request: %s', (status, expected) => {
    const answer = checkLimitsLink({ status });
    expect(answer.ok ? 'ok' : answer.code).toBe(expected);
  });

  it('covers every request status', () => {
    for (const status of CONSENT_REQUEST_STATUSES) expect(checkLimitsLink({ status })).toBeDefined();
  });
});
