import { z } from 'zod';
import { JOB_STATUSES, MoneySchema } from './jobs';

/** Design 5: payment is released automatically this long after the coordinator verifies. */
export const AUTO_RELEASE_HOURS = 48;
/** Spec 2 / 9: Recent Transactions shows the latest 10 paid jobs. */
export const RECENT_TRANSACTIONS = 10;
export const DISPUTE_REASON_MAX = 1000;
/** The header a money-moving call may carry; a retry with the same key gets the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Spec 2: Pending Payments' two labels. */
export const PENDING_LABELS = {
  completed: 'Awaiting verification',
  verified: 'Awaiting payment',
} as const;

export const PaymentPolicySchema = z.object({
  platformFeePercent: z.number().int(),
  autoReleaseHours: z.number().int(),
});
export type PaymentPolicy = z.infer<typeof PaymentPolicySchema>;

export const PendingPaymentSchema = z.object({
  jobId: z.uuid(),
  title: z.string(),
  payAmount: MoneySchema,
  status: z.enum(['completed', 'verified']),
  label: z.enum([PENDING_LABELS.completed, PENDING_LABELS.verified]),
});

export const WalletTransactionSchema = z.object({
  jobId: z.uuid(),
  title: z.string(),
  /** The job's pay. */
  payAmount: MoneySchema,
  /** What this person received (teen, after the platform fee) or paid (homeowner). */
  amount: MoneySchema,
  /** The platform fee taken from what was paid out. */
  feeAmount: MoneySchema,
  /** What went back to the homeowner when a dispute paid only part. */
  refundedAmount: MoneySchema,
  paidAt: z.string(),
  description: z.literal('Payment completed'),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

/** Spec 2: Wallet (teens) and Payments (homeowners), from the ledger. */
export const WalletSchema = z.object({
  userId: z.uuid(),
  role: z.enum(['teen', 'homeowner']),
  /** Total Earned (teen: received after the fee) or Total Spent (homeowner). */
  total: MoneySchema,
  thisMonth: MoneySchema,
  pending: MoneySchema,
  /** Homeowners: pay now held in escrow for their open and unsettled jobs. */
  held: MoneySchema,
  platformFeePercent: z.number().int(),
  pendingPayments: z.array(PendingPaymentSchema),
  recentTransactions: z.array(WalletTransactionSchema),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export const DISPUTE_OUTCOMES = ['pay', 'partial', 'refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const DisputeSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  payAmount: MoneySchema,
  jobStatus: z.enum(JOB_STATUSES),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  /** The teen's side, once they wrote it (issue 18). */
  teenStatement: z.string().nullable(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  /** Partial outcomes: the part of the pay released for the teen's work (the fee comes out of it). */
  teenAmount: MoneySchema.nullable(),
  openedBy: z.uuid(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

export const DisputeListSchema = z.object({ disputes: z.array(DisputeSchema) });
export type DisputeList = z.infer<typeof DisputeListSchema>;

export const OpenDisputeRequestSchema = z.object({
  reason: z
    .string('Tell the coordinator what went wrong')
    .trim()
    .min(1, 'Tell the coordinator what went wrong')
    .max(DISPUTE_REASON_MAX, `Reason must be at most ${DISPUTE_REASON_MAX} characters`),
});
export type OpenDisputeRequest = z.input<typeof OpenDisputeRequestSchema>;

export const DisputeStatementRequestSchema = z.object({
  statement: z
    .string('Tell the coordinator your side')
    .trim()
    .min(1, 'Tell the coordinator your side')
    .max(DISPUTE_REASON_MAX, `Your side must be at most ${DISPUTE_REASON_MAX} characters`),
});
export type DisputeStatementRequest = z.input<typeof DisputeStatementRequestSchema>;

export const ResolveDisputeRequestSchema = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOMES, 'Choose pay, partial or refund'),
    teenAmount: z.string().regex(/^\d{1,6}\.\d{2}$/, 'Amount must be dollars with two decimals, like 20.00').optional(),
  })
  .superRefine((value, issue) => {
    if (value.outcome === 'partial' && value.teenAmount === undefined) {
      issue.addIssue({ code: 'custom', path: ['teenAmount'], message: 'Enter the amount to pay the teen' });
    }
    if (value.outcome !== 'partial' && value.teenAmount !== undefined) {
      issue.addIssue({ code: 'custom', path: ['teenAmount'], message: 'An amount goes only with a partial payment' });
    }
  });
export type ResolveDisputeRequest = z.input<typeof ResolveDisputeRequestSchema>;

export const DisputeIdParamsSchema = z.object({ id: z.uuid('Dispute not found') });
export const ListDisputesQuerySchema = z.object({ status: z.enum(DISPUTE_STATUSES).optional() });
