import { createHash } from 'node:crypto';

/**
 * Where a homeowner's money actually comes from and goes back to. The ledger records every
 * movement; the provider only takes and returns card payments. It is never called inside a database
 * transaction (decision 016): the payment calls outbox makes each call after the movement commits,
 * and retries it with the same idempotency key, which the provider must honour so that a call made
 * twice (a crash after the call, two workers after a lease ran out) charges or refunds once.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Takes the job's pay from the homeowner into escrow; returns the provider's reference. */
  hold(input: { jobId: string; homeownerId: string; amountCents: number; idempotencyKey: string }): Promise<{ reference: string }>;
  /** Returns part or all of a hold to the homeowner's card. */
  refund(input: { jobId: string; holdReference: string | null; amountCents: number; idempotencyKey: string }): Promise<{ reference: string }>;
}

/** The provider's final no (a declined card, a closed account): the call is not retried. */
export class PaymentRefusedError extends Error {
  override readonly name = 'PaymentRefusedError';
}

/** The same key always gives the same reference, as a real provider answers a repeated request. */
const referenceFor = (kind: 'hold' | 'refund', idempotencyKey: string) => `builtin:${kind}:${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 22)}`;

/**
 * The built-in provider: records card-style payments without a card network, so the product runs
 * offline. Every payment succeeds; the ledger is the record. A real provider (Stripe, Adyen) goes
 * behind the same interface.
 */
export const builtinPaymentProvider: PaymentProvider = {
  name: 'builtin',
  hold: async ({ idempotencyKey }) => ({ reference: referenceFor('hold', idempotencyKey) }),
  refund: async ({ idempotencyKey }) => ({ reference: referenceFor('refund', idempotencyKey) }),
};
