import { describe, expect, it } from 'vitest';
import { holdPostings, isBalanced, isValidPartialAmount, paymentStateOf, refundPostings, releasePostings, splitPay, splitPostings, sumOf } from './ledger';

describe('splitPay: fee = floor(pay x percent / 100), the teen gets the rest', () => {
  it.each([
    [4000, 10, 400, 3600],
    [1500, 10, 150, 1350],
    [1999, 10, 199, 1800],
    [1, 10, 0, 1],
    [2505, 15, 375, 2130],
    [3333, 33, 1099, 2234],
    [50000, 0, 0, 50000],
    [50000, 50, 25000, 25000],
    [0, 10, 0, 0],
  ])('%i cents at %i%% -> fee %i, teen %i', (pay, percent, fee, teen) => {
    expect(splitPay(pay, percent)).toEqual({ feeCents: fee, teenCents: teen });
    expect(fee + teen).toBe(pay);
  });

  it.each([
    [10.5, 10],
    [-100, 10],
    [100, 10.5],
    [100, -1],
    [100, 101],
  ])('refuses pay %s at %s%%', (pay, percent) => expect(() => splitPay(pay, percent)).toThrow(RangeError));
});

describe('postings', () => {
  const ids = { teenId: 't', homeownerId: 'h' };
  it('holds the pay in escrow from the homeowner', () => {
    expect(holdPostings(4000, 'h')).toEqual([
      { account: 'funding', userId: 'h', amountCents: -4000 },
      { account: 'escrow', userId: null, amountCents: 4000 },
    ]);
  });

  it('releases escrow to the teen and the platform', () => {
    expect(releasePostings(4000, 't', 10)).toEqual([
      { account: 'escrow', userId: null, amountCents: -4000 },
      { account: 'teen_wallet', userId: 't', amountCents: 3600 },
      { account: 'platform_fees', userId: null, amountCents: 400 },
    ]);
  });

  it('leaves out a zero fee', () => {
    expect(releasePostings(4000, 't', 0).map((p) => p.account)).toEqual(['escrow', 'teen_wallet']);
  });

  it('refunds the whole hold', () => {
    expect(refundPostings(4000, 'h')).toEqual([
      { account: 'escrow', userId: null, amountCents: -4000 },
      { account: 'funding', userId: 'h', amountCents: 4000 },
    ]);
  });

  it('splits: the released part pays the teen and the fee, the rest goes back', () => {
    expect(splitPostings(4000, 2500, ids, 10)).toEqual([
      { account: 'escrow', userId: null, amountCents: -4000 },
      { account: 'teen_wallet', userId: 't', amountCents: 2250 },
      { account: 'platform_fees', userId: null, amountCents: 250 },
      { account: 'funding', userId: 'h', amountCents: 1500 },
    ]);
  });

  it.each([0, 4000, 4001, -1, 12.5])('refuses a partial payment of %s out of 4000', (part) => {
    expect(isValidPartialAmount(4000, part)).toBe(false);
    expect(() => splitPostings(4000, part, ids, 10)).toThrow(RangeError);
  });

  it('balances every movement', () => {
    for (const entries of [holdPostings(1500, 'h'), releasePostings(1999, 't', 10), refundPostings(50000, 'h'), splitPostings(4000, 1, ids, 33)]) {
      expect(isBalanced(entries)).toBe(true);
      expect(sumOf(entries)).toBe(0);
    }
    expect(isBalanced([{ account: 'escrow', userId: null, amountCents: 1 }])).toBe(false);
    expect(isBalanced([{ account: 'escrow', userId: null, amountCents: 1 }, { account: 'funding', userId: 'h', amountCents: 0 }])).toBe(false);
  });
});

describe('paymentStateOf', () => {
  it.each([
    ['posted', 'held'],
    ['accepted', 'held'],
    ['verified', 'held'],
    ['disputed', 'held'],
    ['paid', 'released'],
    ['cancelled', 'refunded'],
    ['refunded', 'refunded'],
  ] as const)('%s -> %s', (status, state) => expect(paymentStateOf(status)).toBe(state));
});
