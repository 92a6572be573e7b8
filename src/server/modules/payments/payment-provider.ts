import { randomUUID } from 'node:crypto';

/**
 * Where a homeowner's money actually comes from and goes back to. The ledger records every
 * movement; the provider only takes and returns card payments, with the job's id as its
 * idempotency key so a rolled-back transaction retried later never charges twice.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Takes the job's pay from the homeowner into escrow; returns the provider's reference. */
  hold(input: { jobId: string; homeownerId: string; amountCents: number }): Promise<{ reference: string }>;
  /** Returns part or all of a hold to the homeowner's card. */
  refund(input: { jobId: string; holdReference: string | null; amountCents: number }): Promise<{ reference: string }>;
}

/**
 * The built-in provider: records card-style payments without a card network, so the product runs
 * offline. Every payment succeeds; the ledger is the record. A real provider (Stripe, Adyen) goes
 * behind the same interface.
 */
export const builtinPaymentProvider: PaymentProvider = {
  name: 'builtin',
  hold: async () => ({ reference: `builtin:hold:${randomUUID()}` }),
  refund: async () => ({ reference: `builtin:refund:${randomUUID()}` }),
};
