import type { JobStatus, PaymentState } from '../contract/jobs';

/**
 * Design 5, Escrow: a double-entry ledger. Every account's balance is the sum of its entries; every
 * movement is a set of entries that sums to zero. Signs: money flows out of `funding` (the
 * homeowner's card, which therefore goes negative) into the job's `escrow`, and from there to the
 * teen's wallet and the platform's fees, or back to `funding`.
 */
export const LEDGER_ACCOUNTS = ['funding', 'escrow', 'teen_wallet', 'platform_fees'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** hold: funding -> escrow; release: escrow -> teen + fee; refund: escrow -> funding; split: both. */
export const LEDGER_MOVEMENTS = ['hold', 'release', 'refund', 'split'] as const;
export type LedgerMovement = (typeof LEDGER_MOVEMENTS)[number];

/** One entry of a movement. `userId` names the homeowner (funding) or teen (wallet); escrow is the job's. */
export interface Posting {
  account: LedgerAccount;
  userId: string | null;
  amountCents: number;
}

export interface Split {
  feeCents: number;
  teenCents: number;
}

function assertCents(value: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${label} must be a whole, non-negative number of cents`);
}

/** The one rounding rule: fee = floor(pay x percent / 100); the teen gets the rest. */
export function splitPay(payCents: number, feePercent: number): Split {
  assertCents(payCents, 'pay');
  if (!Number.isInteger(feePercent) || feePercent < 0 || feePercent > 100) throw new RangeError('fee percent must be a whole number from 0 to 100');
  const feeCents = Math.floor((payCents * feePercent) / 100);
  return { feeCents, teenCents: payCents - feeCents };
}

/** Zero entries carry no information (a 0% fee), so they are left out. */
const postings = (...entries: Posting[]): Posting[] => entries.filter((e) => e.amountCents !== 0);

export function sumOf(entries: readonly Pick<Posting, 'amountCents'>[]): number {
  return entries.reduce((sum, e) => sum + e.amountCents, 0);
}

export function isBalanced(entries: readonly Posting[]): boolean {
  return entries.length >= 2 && sumOf(entries) === 0 && entries.every((e) => Number.isSafeInteger(e.amountCents));
}

/** Posting a job: the homeowner's payment goes into the job's escrow. */
export function holdPostings(payCents: number, homeownerId: string): Posting[] {
  assertCents(payCents, 'pay');
  return postings({ account: 'funding', userId: homeownerId, amountCents: -payCents }, { account: 'escrow', userId: null, amountCents: payCents });
}

/** Release: the teen gets the pay minus the fee, the platform the fee. */
export function releasePostings(payCents: number, teenId: string, feePercent: number): Posting[] {
  const { feeCents, teenCents } = splitPay(payCents, feePercent);
  return postings(
    { account: 'escrow', userId: null, amountCents: -payCents },
    { account: 'teen_wallet', userId: teenId, amountCents: teenCents },
    { account: 'platform_fees', userId: null, amountCents: feeCents },
  );
}

/** Cancel or a refunding dispute: the whole hold goes back. */
export function refundPostings(payCents: number, homeownerId: string): Posting[] {
  assertCents(payCents, 'pay');
  return postings({ account: 'escrow', userId: null, amountCents: -payCents }, { account: 'funding', userId: homeownerId, amountCents: payCents });
}

/**
 * A dispute settled in part: `releasedCents` of the pay is released for the teen's work (the fee
 * comes out of it, as from any payment) and the rest goes back to the homeowner.
 */
export function splitPostings(payCents: number, releasedCents: number, ids: { teenId: string; homeownerId: string }, feePercent: number): Posting[] {
  if (!isValidPartialAmount(payCents, releasedCents)) throw new RangeError('a partial payment must be more than 0 and less than the pay');
  const { feeCents, teenCents } = splitPay(releasedCents, feePercent);
  return postings(
    { account: 'escrow', userId: null, amountCents: -payCents },
    { account: 'teen_wallet', userId: ids.teenId, amountCents: teenCents },
    { account: 'platform_fees', userId: null, amountCents: feeCents },
    { account: 'funding', userId: ids.homeownerId, amountCents: payCents - releasedCents },
  );
}

/** A partial outcome pays some but not all of the pay; 0 is a refund and all of it a payment. */
export function isValidPartialAmount(payCents: number, releasedCents: number): boolean {
  return Number.isSafeInteger(releasedCents) && releasedCents > 0 && releasedCents < payCents;
}

/** Where the pay of a job in this status is: its money moves in the same transaction as its status. */
export function paymentStateOf(status: JobStatus): PaymentState {
  if (status === 'paid') return 'released';
  if (status === 'cancelled' || status === 'refunded') return 'refunded';
  return 'held';
}
